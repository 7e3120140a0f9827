import Text

/// A `/Separation` colour space (ISO 32000-1, 8.6.6.4): one ink by its name, and the process
/// mix that stands for it on a device without its plate, reached by a type 2 function from
/// none of the ink (paper white) to all of it, in `DeviceCMYK`. The registration colour of
/// the crop marks (`/All`) and a swatch's spot ink are both one.
enum SeparationColourSpace {
    static func value(ink name: String, alternate: CMYK) -> PDFValue {
        .array([.name("/Separation"), .name(pdfName(name)), .name("/DeviceCMYK"), .dictionary(PDFDictionary([
            ("/FunctionType", .integer(2)), ("/Domain", .array([.integer(0), .integer(1)])),
            ("/C0", .array([PDFValue](repeating: .integer(0), count: 4))),
            ("/C1", .array(alternate.components.map(PDFValue.real))), ("/N", .integer(1)),
        ]))])
    }

    /// `name` as a PDF name object (7.3.5): a byte outside the regular printable ones, `#`
    /// included, written as `#` and two hex digits (`PANTONE 871 C` is `/PANTONE#20871#20C`).
    static func pdfName(_ name: String) -> String {
        var written = "/"
        for byte in name.utf8 {
            let isRegular = byte > 0x20 && byte < 0x7F && !"#()<>[]{}/%".utf8.contains(byte)
            written += isRegular ? String(UnicodeScalar(byte)) : "#" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return written
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
