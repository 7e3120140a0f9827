/// A PDF object as the finishing step reads it from Cairo's draft and writes it again (ISO
/// 32000-1, 7.3): a small value, so that a page's dictionary can be changed on the way from
/// the draft to the file without a library holding every object until the file is written.
///
/// Numbers and strings keep the bytes they were written with: what is copied is copied
/// exactly, and nothing is converted that is not looked at.
// Sendable said, not inferred: the compiler's inference of the two types' conformances in turn
// is a cycle ("error: circular reference") in some batches of the module's files.
indirect enum PDFValue: Equatable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int)
    /// A real number, as written (`595.2756`).
    case real([UInt8])
    /// A string as written, its delimiters included: `(…)` or `<…>`.
    case string([UInt8])
    /// A name with its leading slash, as written (`/MediaBox`, `/A#20B`).
    case name(String)
    case array([PDFValue])
    case dictionary(PDFDictionary)
    case reference(number: Int, generation: Int)

    /// The object `number` of generation 0, as the finishing step refers to its own objects.
    static func reference(_ number: Int) -> PDFValue { .reference(number: number, generation: 0) }

    /// A real number written to thousandths, as the finishing step writes its boxes (`12.500`).
    static func real(_ value: Double) -> PDFValue {
        var text = PDFObjectText()
        text.real(value)
        return .real(text.bytes)
    }

    var dictionary: PDFDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    var array: [PDFValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var name: String? {
        if case .name(let name) = self { return name }
        return nil
    }

    /// The object a reference names: its number.
    var referencedNumber: Int? {
        if case .reference(let number, _) = self { return number }
        return nil
    }
}

/// A PDF dictionary: its entries in the order they were written, so that a dictionary copied
/// unchanged is written as it was read.
struct PDFDictionary: Equatable, Sendable {
    private(set) var entries: [(key: String, value: PDFValue)] = []

    init(_ entries: [(key: String, value: PDFValue)] = []) {
        for entry in entries { self[entry.key] = entry.value }
    }

    /// The value at `key` (with its slash: `/Type`); setting nil removes the key, setting a
    /// key already there keeps its place.
    subscript(key: String) -> PDFValue? {
        get { entries.first(where: { $0.key == key })?.value }
        set {
            let index = entries.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        lhs.entries.count == rhs.entries.count && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
