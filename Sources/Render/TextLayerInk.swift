import Fonts
import Layout
import Text

/// What the text layer (`PDFTextLayer`) paints glyphs with: a run's face, size, glyph scaling,
/// colour and outline, or a drop cap's initial's. The colour's and the outline's opacity are
/// written as a graphics state (`TextLayerGraphicsStates`); a colour face's glyphs are written
/// invisible, their pictures being Cairo's (`PDFEmbeddedFonts`).
struct TextLayerInk {
    var font: Font
    var size: Double
    var horizontalScale: Double
    var color: Color
    var stroke: Stroke?
    /// Whether the glyphs print over what is under them (`overprint="true"`).
    var overprints: Bool

    init(_ run: GlyphRun) {
        font = run.font
        size = run.fontSize
        horizontalScale = run.horizontalScale
        color = run.attributes.color
        stroke = run.attributes.stroke
        overprints = run.attributes.overprint
    }

    init(_ initial: DropInitial) {
        font = initial.font
        size = initial.size
        horizontalScale = 1
        color = initial.color
        stroke = nil
        overprints = false
    }

    /// Whether the glyphs leave no ink of the layer's: a colour face's, whose pictures Cairo
    /// paints under them.
    var isInvisible: Bool { font.hasColorBitmaps }
}
