import Foundation

/// A small PDF written by hand for a test: its objects, numbered from 1 in the order given
/// (the first is the catalog), a cross-reference table and a trailer.
enum HandMadePDF {
    /// The file of `objects` (each an object's text, without `n 0 obj`).
    static func file(_ objects: [String], version: String = "1.5") -> Data {
        var file = "%PDF-\(version)\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.utf8.count)
            file += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = file.utf8.count
        file += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { file += String(format: "%010d 00000 n \n", offset) }
        file += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(file.utf8)
    }

    /// A stream object of `content`, with the entries `dictionary` besides its length.
    static func stream(_ content: String, _ dictionary: String = "") -> String {
        "<< /Length \(content.utf8.count) \(dictionary) >>\nstream\n\(content)\nendstream"
    }
}
