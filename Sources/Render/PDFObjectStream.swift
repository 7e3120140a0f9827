/// Objects packed into one object stream (ISO 32000-1, 7.5.7): the numbers and offsets of its
/// header, then each object's text. Compressed as one stream, a hundred small dictionaries take
/// a fraction of their bytes, and need no entry of their own in the cross-reference table.
struct PDFObjectStream {
    /// Objects in one object stream: as qpdf packs them, so that a reader needing one object
    /// inflates a stream of a few kilobytes.
    static let capacity = 100

    private var header = PDFObjectText()
    private var body: [UInt8] = []
    /// The numbers of the objects held, in order: an object's index in the stream is its place here.
    private(set) var numbers: [Int] = []

    var isFull: Bool { numbers.count >= Self.capacity }
    var isEmpty: Bool { numbers.isEmpty }

    /// Adds the object `number` (its text, without `obj` and `endobj`); returns its index.
    @discardableResult
    mutating func add(_ number: Int, _ text: UnsafeRawBufferPointer) -> Int {
        header.integer(number)
        header.integer(body.count)
        body.append(contentsOf: text)
        body.append(UInt8(ascii: "\n"))
        numbers.append(number)
        return numbers.count - 1
    }

    /// The stream's dictionary entries (without `/Filter` and `/Length`) and its data, not
    /// yet compressed.
    func finished() -> (dictionary: PDFObjectText, data: [UInt8]) {
        var header = header
        header.raw("\n")
        var dictionary = PDFObjectText()
        dictionary.raw("/Type /ObjStm /N")
        dictionary.integer(numbers.count)
        dictionary.raw(" /First")
        dictionary.integer(header.bytes.count)
        return (dictionary, header.bytes + body)
    }
}
