import Foundation

/// What PDF/X-4 (ISO 15930-7) asks of a file that Cairo does not write, added in the finishing
/// step: the output intent, RGB made device-independent (`DeviceIndependentRGB`), the
/// identification and `/Trapped` in the information dictionary (the XMP says them again,
/// `DocumentXMP`), and a version no later than PDF 1.6. What PDF/X forbids in the document
/// itself (links) is refused before the pages are drawn.
struct PDFX4 {
    var outputIntent: OutputIntent

    /// The latest PDF version a PDF/X-4 file may declare.
    static let latestVersion = "1.6"

    /// The information dictionary's entries.
    static func identify(_ info: inout PDFDictionary) {
        info["/GTS_PDFXVersion"] = .string(Array("(PDF/X-4)".utf8))
        // Nobody has trapped the file: the print shop's prepress may.
        info["/Trapped"] = .name("/False")
    }

    /// Whether the draft's version (Cairo 1.16 writes 1.5) is too new to be PDF/X-4's.
    static func needsOlderVersion(_ version: String) -> Bool {
        version.compare(latestVersion, options: .numeric) == .orderedDescending
    }
}
