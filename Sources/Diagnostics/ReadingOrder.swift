/// Where a place comes as an issue is read through: an included file's text where its
/// `<include>` is, a style sheet's where its `<import>` is (one given on the command line at
/// the document's first character). The offsets of the tags that bring its file
/// in, the outermost first, then its own offset in its file's offset space; compared in that
/// order, so that everything in an included file comes after its tag and before what follows
/// the tag in the file including it.
public struct ReadingOrder: Comparable, Hashable, Sendable {
    public private(set) var offsets: [Int]

    public init(_ offsets: [Int]) {
        self.offsets = offsets
    }

    /// This place inside the text brought in at `tag`: a file's own order, once the file is
    /// read where `tag` is.
    public func inside(_ tag: ReadingOrder) -> ReadingOrder {
        ReadingOrder(tag.offsets + offsets)
    }

    public static func < (a: ReadingOrder, b: ReadingOrder) -> Bool {
        a.offsets.lexicographicallyPrecedes(b.offsets)
    }
}
