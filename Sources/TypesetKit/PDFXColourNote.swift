import Diagnostics
import Render

/// What a PDF/X-4 run says about its colours when the document gives some as inks (`cmyk()`,
/// `gray()`, swatches): that every colour typeset painted is an ink, or that colours given in
/// RGB are there beside them, labelled sRGB for the press to convert, which a designer who
/// meant every colour for the press wants to know (the text's default black is RGB). A
/// document all in RGB gets no note: it is labelled, as before. Pictures keep their own spaces.
enum PDFXColourNote {
    static func note(for colours: PDFDraft.PaintedColours) -> Diagnostic? {
        switch colours {
        case .rgbOnly:
            return nil
        case .inksOnly:
            return Diagnostic(.note, "PDF/X-4: every colour typeset painted is a CMYK, grey or spot ink")
        case .inksAndRGB:
            return Diagnostic(.note, "PDF/X-4: some colours are given in RGB beside the inks (text's default black is RGB), labelled sRGB for the press to convert; give them as cmyk(), gray() or a swatch to print them as inks")
        }
    }
}
