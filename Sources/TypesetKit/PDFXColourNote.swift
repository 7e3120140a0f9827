import Diagnostics
import Render

/// What a PDF/X-4 run says about its colours: that every colour typeset painted is an ink
/// (what the document gave as `cmyk()`, `gray()` or a swatch, and black ink for everything it
/// gave no colour), or that colours given in RGB are there beside them, labelled sRGB for the
/// press to convert, which a designer who meant every colour for the press wants to know. A
/// document that painted nothing typeset colours gets no note. Pictures keep their own spaces.
enum PDFXColourNote {
    static func note(for colours: PDFDraft.PaintedColours) -> Diagnostic? {
        switch colours {
        case .rgbOnly:
            return nil
        case .inksOnly:
            return Diagnostic(.note, "PDF/X-4: every colour typeset painted is a CMYK, grey or spot ink")
        case .inksAndRGB:
            return Diagnostic(.note, "PDF/X-4: some colours are given in RGB beside the inks, labelled sRGB for the press to convert; give them as cmyk(), gray() or a swatch to print them as inks")
        }
    }
}
