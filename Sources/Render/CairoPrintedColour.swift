import CCairo
import Text

/// How a colour is given to Cairo, which paints RGB alone: as its sRGB look, or, in a PDF's
/// draft, a colour printed with inks as a key colour of its own, which the finishing step
/// finds in the page's content and writes as the inks (`KeyColourRewrite`). The document's
/// `PrintedColours` is attached to the Cairo context that draws the PDF (`attach`), so that
/// every drawer sets its colours the one way, whatever the output.
enum CairoPrintedColour {
    private static let coloursKey = CairoUserDataKey()

    /// Makes `context` draw printed colours as keys recorded in `colours`, for as long as the
    /// context lives.
    static func attach(_ colours: PrintedColours, to context: OpaquePointer) {
        let retained = Unmanaged.passRetained(colours).toOpaque()
        cairo_set_user_data(context, coloursKey.pointer, retained) { Unmanaged<PrintedColours>.fromOpaque($0!).release() }
    }

    /// Sets `color`, with `alpha` (the colour's own when nil), as `context`'s source.
    /// `throughAForm`: what is drawn is a fill Cairo writes in a form of its own, under a soft
    /// mask (a blurred shadow), whose content the finishing step then reads for keys too.
    static func setSource(_ color: Color, alpha: Double? = nil, throughAForm: Bool = false, in context: OpaquePointer) {
        let alpha = alpha ?? color.alpha
        let colours = attached(to: context)
        if let ink = color.printed, let colours {
            let key = key(colours.keyNumber(for: ink, inAForm: throughAForm))
            return cairo_set_source_rgba(context, key.red, key.green, key.blue, alpha)
        }
        // Text Cairo draws unseen under a picture of it paints nothing.
        if alpha > PageDrawer.invisibleAlpha { colours?.noteRGB() }
        cairo_set_source_rgba(context, color.red, color.green, color.blue, alpha)
    }

    private static func attached(to context: OpaquePointer) -> PrintedColours? {
        cairo_get_user_data(context, coloursKey.pointer).map { Unmanaged<PrintedColours>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The `number`-th key colour (from 0). Cairo tells colours apart by their 16-bit
    /// components (a source "the same" as the one in force is not written again), and writes
    /// them with six decimals: the keys are 0.002 apart in red or green (131 sixteen-bit steps),
    /// and their blue, 0.123457, is no 8-bit value's (31.48 / 255) nor a round percentage's, so
    /// no colour a document or an SVG writes in RGB is taken for one. 60,000 of them.
    static func key(_ number: Int) -> (red: Double, green: Double, blue: Double) {
        (0.2 + Double(number % 300) * 0.002, 0.2 + Double(number / 300) * 0.002, keyBlue)
    }

    static let keyBlue = 0.123457
}
