import Diagnostics
import Text

/// `<contents depth="2">`: a contents list of the document's headings (paragraphs with an outline
/// level, as the bookmarks: `headline` 1, `subheadline` 2) down to `depth`, each a paragraph of
/// its title, a tab to a right-aligned stop at the line's end (dot leaders unless `leader` says
/// otherwise), and its page as a reference
/// (`<ref>`), indented by its level. Which headings there are is known only once the whole
/// document is read, so the list sets those the parse before this one found (`ReferenceValues`):
/// none in the first setting, which is why a document with a list is set at least twice
/// (`ReferenceSettling`).
public enum ContentsList {
    /// A heading's anchor's kind, and its id: a space, which no id written in the markup has.
    public static let headingKind = "heading"
    public static func headingID(_ number: Int) -> String { "heading \(number)" }

    static let defaultDepth = 2
    /// How far each level below the first is indented, in points.
    public static let levelIndent = 12.0

    /// The headings of the finished text, in order, as anchors located by `sourceMap`: those of
    /// the columns' text, as the bookmarks are. A heading inside a figure or an aside (a
    /// sidebar's title, a pull quote styled `subheadline`, as docs/markup.md's own example
    /// does) belongs to its box, not to the document's outline.
    static func headings(in text: AttributedText, sourceMap: TextSourceMap) -> [ReferenceAnchor] {
        var headings: [ReferenceAnchor] = []
        var position = 0
        for run in text.paragraphStyleRuns.runs(in: 0 ..< text.length) where run.value.outlineLevel > 0 && run.value.box == nil {
            position = max(position, run.range.lowerBound)
            while position < run.range.upperBound {
                let paragraph = text.paragraphRange(containing: position)
                let title = ReferenceBook.firstWords(in: text.storage, from: paragraph.lowerBound, before: paragraph.upperBound)
                if !title.isEmpty {
                    var heading = ReferenceAnchor(id: headingID(headings.count + 1), textOffset: paragraph.lowerBound, kind: headingKind,
                                                  number: headings.count + 1, title: title,
                                                  location: sourceMap.location(ofTextOffset: paragraph.lowerBound) ?? sourceMap.source.location(of: 0))
                    heading.outlineLevel = run.value.outlineLevel
                    headings.append(heading)
                }
                position = max(paragraph.upperBound, position + 1)
            }
        }
        return headings
    }
}

extension ParseState {
    /// `<contents depth="N">`: the headings the last setting found, to `depth`, each with its page.
    mutating func insertContents(_ tag: Tag) {
        var depth = ContentsList.defaultDepth
        var leader: TabLeader? = .dots
        for attribute in tag.attributes {
            if attribute.key == "depth" {
                depth = values.number(attribute, in: 1 ... 9).map { Int($0) } ?? depth
            } else if attribute.key == "leader" {
                let value = attribute.trimmedValue.lowercased()
                if value == "none" { leader = nil } else if let given = TabLeader(rawValue: value) { leader = given } else {
                    values.error("leader must be . (dots), - (dashes), _ (a rule) or none, not \"\(attribute.value.clipped)\"", at: attribute)
                }
            } else {
                warnUnknown(attribute, of: tag, known: ["depth", "leader"])
            }
        }
        references.listsContents = true
        let outside = (paragraph: builder.paragraphStyle, attributes: builder.attributes)
        if builder.paragraphHasText { builder.append(SourcedText([0x0A], madeAt: tag.offset)) }
        for heading in references.known.headings where heading.outlineLevel <= depth {
            var entry = outside.paragraph
            entry.outlineLevel = 0
            entry.alignment = .left
            entry.firstLineIndent = 0
            entry.headIndent = Double(heading.outlineLevel - 1) * ContentsList.levelIndent
            var stop = TabStop(location: TabStop.lineEnd, alignment: .right)
            stop.leader = leader
            entry.tabStops = [stop]
            builder.paragraphStyle = entry
            builder.append(SourcedText(Array((heading.title + "\t").utf16), madeAt: tag.offset))
            appendReference(to: heading.id, .page, at: tag.offset, checkedAt: nil)
            builder.append(SourcedText([0x0A], madeAt: tag.offset))
        }
        builder.paragraphStyle = outside.paragraph
        builder.attributes = outside.attributes
    }
}
