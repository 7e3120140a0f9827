import Layout
import Text

/// The two links of every footnote in a PDF: its marker in the text goes to its note, and the
/// note's own mark back to the marker, as a book's notes do on screen (LaTeX's hyperref,
/// Pandoc's HTML). Each is a link like an `<a href>`'s (a link annotation over the mark, a
/// `Link` element holding its text), its address a same-document reference (`#note-3`, an
/// address that is only a fragment, RFC 3986 4.4) that no `<a href>` can have (the markup
/// takes complete addresses only); the finishing step gives each the place of the other end
/// (`InternalLinkDestinations`). Derived from the text's footnotes, so that the markup and the
/// layout know nothing of it and a PDF/X file, which allows no annotation, simply has none.
struct FootnoteLinks: Sendable {
    /// Where a link goes, by the note's number (its box's, `BoxStyle.number`).
    enum Target: Hashable, Sendable {
        /// From the marker in the text to its note.
        case note(Int)
        /// From the note's mark back to its marker.
        case marker(Int)

        init?(address: String) {
            let parts = address.split(separator: "-")
            guard parts.count == 2, let number = Int(parts[1]) else { return nil }
            switch parts[0] {
            case "#note": self = .note(number)
            case "#marker": self = .marker(number)
            default: return nil
            }
        }

        /// The link's address, as the record and Cairo's annotation carry it.
        var address: String {
            switch self {
            case .note(let number): "#note-\(number)"
            case .marker(let number): "#marker-\(number)"
            }
        }

        /// The target of the link drawn where this one points: each end of a footnote is the
        /// other's destination.
        var reverse: Target {
            switch self {
            case .note(let number): .marker(number)
            case .marker(let number): .note(number)
            }
        }

        /// The annotation's `/Contents` (PDF/UA-1 7.18.5): what a click does, which a screen
        /// reader says and a viewer shows as its tooltip; `mark` is the note's mark.
        func description(mark: String) -> String {
            switch self {
            case .note: "Footnote \(mark)"
            case .marker: "Back to the text of footnote \(mark)"
            }
        }
    }

    /// The stretches of text that are a footnote's end, in text order, and where they go: each
    /// marker, and its note's mark, the note's first characters (the same mark, see
    /// `ParseState.openFootnote`).
    private let stretches: [(range: Range<Int>, target: Target)]
    /// Their ends, for a binary search.
    private let ends: [Int]
    /// Each note's mark, by its number.
    private let marks: [Int: String]

    init(text: AttributedText) {
        var stretches: [(range: Range<Int>, target: Target)] = []
        var marks: [Int: String] = [:]
        for reference in TextFootnotes(text: text, boxes: TextBoxes(text: text)).all {
            let number = reference.note.style.number
            marks[number] = text.substring(reference.marker)
            let noteStart = reference.note.range.lowerBound
            stretches.append((reference.marker, .note(number)))
            stretches.append((noteStart ..< min(noteStart + reference.marker.count, reference.note.range.upperBound), .marker(number)))
        }
        self.stretches = stretches.sorted { $0.range.lowerBound < $1.range.lowerBound }
        ends = self.stretches.map(\.range.upperBound)
        self.marks = marks
    }

    /// The mark of the note `target` belongs to.
    func mark(of target: Target) -> String {
        switch target {
        case .note(let number), .marker(let number): marks[number] ?? ""
        }
    }

    /// Where the text at `offset` links to, when it is a footnote's end.
    func target(at offset: Int) -> Target? {
        let index = ends.countOfElements(below: offset + 1)
        guard index < stretches.count, stretches[index].range.contains(offset) else { return nil }
        return stretches[index].target
    }

    /// The link of `run`: its `<a href>`'s, or a footnote's.
    func link(of run: GlyphRun) -> String? {
        run.attributes.link ?? target(at: run.stringRange.lowerBound)?.address
    }
}
