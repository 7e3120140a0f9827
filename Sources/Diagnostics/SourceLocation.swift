/// A place in a source document: 1-based line and column (in Unicode scalars).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// Where the place comes as the document is read through, the files it includes read where
    /// their `<include>`s are: what messages are sorted by. Nil where no markup source made the
    /// location. Not part of the place's identity: two locations at one file, line and column
    /// are one place, however the file came to be read.
    public var readingOrder: ReadingOrder?
    /// The `<include>` tags that brought the file in, the innermost first (none in the document
    /// itself): a message here says where, as a compiler's "included from". Not part of the
    /// place's identity either.
    public var includedFrom: [SourceLocation]

    public init(file: String, line: Int, column: Int, readingOrder: ReadingOrder? = nil, includedFrom: [SourceLocation] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.readingOrder = readingOrder
        self.includedFrom = includedFrom
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func == (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) == (b.file, b.line, b.column)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
    }
}
