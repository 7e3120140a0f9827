import Foundation

/// An ICC colour profile read from a file, checked to be one before a PDF carries it: the
/// header's signature, its size, and the colour space its device values are in.
struct ICCProfile {
    /// The profile's bytes, as the file holds them: a PDF embeds them unchanged.
    var data: Data
    /// The data colour space's signature in the header: `CMYK`, `RGB `, `GRAY`, …
    var colourSpace: String
    /// The profile's own name, from its description tag, when it has one.
    var name: String?

    /// How many components a colour of the profile has (the PDF's `/N`); nil for a colour
    /// space a PDF's ICCBased space cannot take.
    var componentCount: Int? {
        switch colourSpace {
        case "GRAY": return 1
        case "RGB ", "Lab ": return 3
        case "CMYK": return 4
        default: return nil
        }
    }

    /// Why a profile cannot be used, in words for the person who named its file.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The largest profile read: press profiles are a few megabytes; a file far larger (or a
    /// device that never ends) is not read into memory to find that out.
    static let largestSize = 64 << 20

    /// Reads and checks the profile at `path`, a regular file.
    init(contentsOf path: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw Problem(description: "cannot read the ICC profile \(path)") }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw Problem(description: "the ICC profile \(path) is not a regular file")
        }
        guard let size = attributes[.size] as? Int, size <= Self.largestSize else {
            throw Problem(description: "\(path) is too large for an ICC profile (more than \(Self.largestSize >> 20) MB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the ICC profile \(path)")
        }
        try self.init(data: data, path: path)
    }

    init(data: Data, path: String) throws {
        let bytes = [UInt8](data)
        // The header is 128 bytes, then the tag count.
        guard bytes.count >= 132, Self.text(bytes, at: 36, count: 4) == "acsp" else {
            throw Problem(description: "\(path) is not an ICC profile (its header has no acsp signature)")
        }
        guard Int(Self.bigEndian(bytes, at: 0)) == bytes.count else {
            throw Problem(description: "\(path) is cut short or padded: its header says \(Self.bigEndian(bytes, at: 0)) bytes, the file has \(bytes.count)")
        }
        self.data = data
        colourSpace = Self.text(bytes, at: 16, count: 4) ?? ""
        name = Self.description(in: bytes)
    }

    /// The text of the `desc` tag: ICC version 2's `desc` type (ASCII) or version 4's `mluc`
    /// (UTF-16, its first record).
    private static func description(in bytes: [UInt8]) -> String? {
        let count = Int(bigEndian(bytes, at: 128))
        // A tag entry is 12 bytes; a count the file cannot hold is not believed.
        guard count <= (bytes.count - 132) / 12 else { return nil }
        for entry in 0 ..< count {
            let at = 132 + 12 * entry
            guard text(bytes, at: at, count: 4) == "desc" else { continue }
            let offset = Int(bigEndian(bytes, at: at + 4)), size = Int(bigEndian(bytes, at: at + 8))
            guard offset >= 0, size >= 12, offset + size <= bytes.count else { return nil }
            switch text(bytes, at: offset, count: 4) {
            case "desc":
                let length = Int(bigEndian(bytes, at: offset + 8))
                guard length > 0, offset + 12 + length <= offset + size else { return nil }
                let ascii = bytes[(offset + 12) ..< (offset + 12 + length)].prefix { $0 != 0 }
                return String(decoding: ascii, as: UTF8.self)
            case "mluc":
                guard size >= 28 else { return nil }
                let length = Int(bigEndian(bytes, at: offset + 20)), start = offset + Int(bigEndian(bytes, at: offset + 24))
                guard start + length <= offset + size else { return nil }
                var units: [UInt16] = []
                for index in stride(from: start, to: start + length - 1, by: 2) {
                    units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                }
                return String(decoding: units, as: UTF16.self)
            default:
                return nil
            }
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        return bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func text(_ bytes: [UInt8], at offset: Int, count: Int) -> String? {
        guard offset + count <= bytes.count else { return nil }
        return String(bytes: bytes[offset ..< offset + count], encoding: .ascii)
    }
}
