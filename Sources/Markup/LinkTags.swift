import Text

/// Where each `<a>` that made a link is in the source, in source order, so that a later
/// stage that finds a link in the text (the PDF/X preflight, which leaves links out) can point
/// at the tag that made it, not at its first character.
public struct LinkTags: Sendable {
    /// The offsets of the tags' `<` in the source's units, ascending: tags are met in order.
    private var offsets: [Int] = []

    init() {}

    mutating func append(tagAt offset: Int) {
        offsets.append(offset)
    }

    /// The offset of the `<a` of the link whose first character came from the source at
    /// `sourceOffset`: the last link tag at or before it, since links do not nest. A binary
    /// search: a document of thousands of links costs a few steps a link. Nil when no link
    /// tag comes before it.
    public func tagOffset(ofLinkStartingAt sourceOffset: Int) -> Int? {
        let atOrBefore = offsets.countOfElements(below: sourceOffset + 1)
        return atOrBefore > 0 ? offsets[atOrBefore - 1] : nil
    }
}
