/// The pages of a document a run writes (`--pages 1,3-5`, as `typst compile --pages`): page
/// numbers and ranges of the whole document, `N`, `N-M`, `N-` (to the last page) and `-M`
/// (from the first), separated by commas. The whole document is still laid out, so page
/// numbers, `{pages}` and the flow are those of the whole; only the pages selected are written,
/// in document order whatever the order of the parts.
public struct PageSelection: Sendable, Equatable, CustomStringConvertible {
    /// One part of the list: pages `first` to `last` (nil: to the document's end).
    public struct Part: Sendable, Equatable {
        public var first: Int
        public var last: Int?
        /// As it was written, for messages.
        public var written: String
    }

    /// A part that cannot be read, named in the message.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public let parts: [Part]

    /// Every page: what a run writes without `--pages`.
    public static let all = PageSelection(parts: [Part(first: 1, last: nil, written: "1-")])

    private init(parts: [Part]) {
        self.parts = parts
    }

    public init(parsing list: String) throws(SyntaxError) {
        let pieces = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var parts: [Part] = []
        for piece in pieces {
            parts.append(try Self.part(piece.trimmingSpaces, of: list))
        }
        self.parts = parts
    }

    public var description: String { parts.map(\.written).joined(separator: ",") }

    /// Whether page `number` (from 1) is written.
    public func contains(_ number: Int) -> Bool {
        parts.contains { number >= $0.first && number <= ($0.last ?? Int.max) }
    }

    /// The parts that ask for a page past the end of a document of `pageCount` pages (an open
    /// range asks for none past its start).
    public func partsPastTheEnd(pageCount: Int) -> [Part] {
        parts.filter { ($0.last ?? $0.first) > pageCount }
    }

    /// The rule, for messages.
    public static let rule = "page numbers from 1 and ranges N-M, N- (to the end) or -M (from the start), separated by commas, such as 1,3-5"

    private static func part(_ piece: String, of list: String) throws(SyntaxError) -> Part {
        let bad = { (why: String) in SyntaxError(description: "\"\(piece)\" in \"\(list)\" \(why); give \(rule)") }
        let ends = piece.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard !piece.isEmpty, ends.count <= 2 else { throw bad("is not a page number or range") }
        // "-3" starts at the first page, "7-" runs to the last.
        let first = ends[0].isEmpty && ends.count == 2 ? 1 : try number(ends[0], bad: bad)
        let last = ends.count == 1 ? first : (ends[1].isEmpty ? nil : try number(ends[1], bad: bad))
        guard !(ends.count == 2 && ends[0].isEmpty && ends[1].isEmpty) else { throw bad("is not a page number or range") }
        if let last, last < first { throw bad("runs backwards") }
        return Part(first: first, last: last, written: piece)
    }

    private static func number(_ text: String, bad: (String) -> SyntaxError) throws(SyntaxError) -> Int {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            throw bad("is not a page number or range")
        }
        guard value >= 1 else { throw bad("names page 0; pages are numbered from 1") }
        return value
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
