/// A cross-reference stream (ISO 32000-1, 7.5.8): where each object of a file, or of an
/// update to one, is — at an offset, or inside an object stream — as the stream's rows, and
/// the dictionary that says how to read them, which is also the file's trailer.
struct PDFCrossReferenceStream {
    /// A row: type 1, an object at the offset `field`; type 2, the object at `index` in the
    /// object stream `field`; type 0, no object of that number (left out of the rows).
    ///
    /// Eight bytes: the type in 2 bits, the index in 22 (an object stream holds a hundred
    /// objects) and the field in 40 (an offset below a terabyte). A catalogue of 50,000 lines
    /// has some 160,000 objects, a structure element a line; 16 bytes a row held 2.5 MB.
    struct Entry {
        private let bits: UInt64

        private static let fieldBits = 40, indexBits = 22

        init(type: UInt8, field: Int, index: Int) {
            precondition(type < 4 && (0 ..< 1 << Self.fieldBits).contains(field) && (0 ..< 1 << Self.indexBits).contains(index),
                         "a cross-reference entry out of its bits")
            bits = UInt64(type) << (Self.fieldBits + Self.indexBits) | UInt64(index) << Self.fieldBits | UInt64(field)
        }

        var type: UInt8 { UInt8(bits >> (Self.fieldBits + Self.indexBits)) }
        var field: Int { Int(bits & (1 << Self.fieldBits - 1)) }
        var index: Int { Int(bits >> Self.fieldBits & (1 << Self.indexBits - 1)) }
    }

    /// The entries by object number: a book on small pages has some hundred thousand objects,
    /// which a dictionary held at several times the size.
    private(set) var entries: [Entry] = []

    /// Makes room for the objects numbered below `count`.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Where the object `number` is.
    mutating func set(_ number: Int, _ entry: Entry) {
        if number >= entries.count { entries += repeatElement(Entry(type: 0, field: 0, index: 0), count: number + 1 - entries.count) }
        entries[number] = entry
    }

    /// The numbers that have an object, in order (not kept: a row's worth of bytes each).
    private var numbers: some Sequence<Int> { entries.indices.lazy.filter { entries[$0].type != 0 } }

    /// The dictionary's entries that say how to read the rows (`/Type /XRef /Size … /Index …
    /// /W … /DecodeParms …`), for a file whose objects are numbered below `size`; the caller
    /// adds the trailer's own (`/Root`, `/Info`, `/ID`, `/Prev`).
    func dictionary(size: Int) -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("/Type /XRef /Size")
        text.integer(size)
        let runs = Self.runs(of: numbers)
        if runs != [0 ..< size] {
            text.raw(" /Index [")
            for range in runs {
                text.integer(range.lowerBound)
                text.integer(range.count)
            }
            text.raw("]")
        }
        text.raw(" /W [1")
        let (fieldWidth, indexWidth) = widths()
        text.integer(fieldWidth)
        text.integer(indexWidth)
        text.raw("] /DecodeParms << /Columns")
        text.integer(1 + fieldWidth + indexWidth)
        text.raw(" /Predictor 12 >>")
        return text
    }

    /// The entries in order of their numbers, each field big-endian in its width, each row
    /// led by PNG's Up filter (the difference from the row above): consecutive entries differ
    /// in a byte or two, so that the rows deflate to little (`/Predictor 12`, as qpdf writes
    /// its own).
    func rows() -> [UInt8] {
        let (fieldWidth, indexWidth) = widths()
        let rowWidth = 1 + fieldWidth + indexWidth
        var data: [UInt8] = [], row: [UInt8] = [], above = [UInt8](repeating: 0, count: rowWidth)
        data.reserveCapacity(entries.count * (1 + rowWidth))
        for entry in entries where entry.type != 0 {
            row.removeAll(keepingCapacity: true)
            row.append(entry.type)
            for shift in stride(from: (fieldWidth - 1) * 8, through: 0, by: -8) { row.append(UInt8(truncatingIfNeeded: entry.field >> shift)) }
            for shift in stride(from: (indexWidth - 1) * 8, through: 0, by: -8) { row.append(UInt8(truncatingIfNeeded: entry.index >> shift)) }
            data.append(2)
            for (byte, byteAbove) in zip(row, above) { data.append(byte &- byteAbove) }
            swap(&row, &above)
        }
        return data
    }

    /// The bytes the largest offset or stream number and the largest index need.
    private func widths() -> (field: Int, index: Int) {
        func width(_ value: Int) -> Int { value < 0x100 ? 1 : value < 0x1_0000 ? 2 : value < 0x100_0000 ? 3 : value < 0x1_0000_0000 ? 4 : 8 }
        let present = entries.lazy.filter { $0.type != 0 }
        return (width(present.map(\.field).max() ?? 0), width(present.map(\.index).max() ?? 0))
    }

    /// Sorted numbers as runs of consecutive ones: a cross-reference stream's `/Index`.
    private static func runs(of numbers: some Sequence<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for number in numbers {
            if let last = runs.last, last.upperBound == number {
                runs[runs.count - 1] = last.lowerBound ..< number + 1
            } else {
                runs.append(number ..< number + 1)
            }
        }
        return runs
    }
}
