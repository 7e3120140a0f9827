import Diagnostics
import Fonts
import Images
import Layout
import Pages
import Render
import Shaping
import Text

/// Pass 4: every picture fitted to its column, every figure and aside to the page, checked to be one that can be drawn and to be
/// sharp enough to print (`PictureResolutionCheck`), and the contour traced of each that text
/// wraps round its outline. The boxes are measured with the document's `shaper`, which keeps
/// the words it shapes for the pages, and its `wordWidths`, which keeps the pull quotes' words.
struct CheckPicturesPass {
    var options: TypesetOptions
    /// The boxes' heights the run before measured, under `typeset watch` (`KeptBoxHeights`).
    var keptBoxHeights: KeptBoxHeights?
    /// The pictures the run before checked, under `typeset watch` (`KeptPictures`).
    var keptPictures: KeptPictures?

    /// The pictures are read from `pictures`, the descriptors their `<img>`s opened;
    /// `furniture`: the master pages' pictures, checked with the text's.
    /// `places` locates the messages about a picture or a box.
    func run(_ text: AttributedText, pictures: PictureFiles, places: ElementPlaces, fonts: FontTable, shaper: Shaper, wordWidths: WordWidths,
             furniture: [ImageAttachment] = []) -> PassResult<AttributedText> {
        var text = text
        var diagnostics = options.page.fitPictures(&text, places: places) { Framesetter(text: $0, fonts: fonts, shaper: shaper) }
        diagnostics += options.page.fitBoxes(&text, fonts: fonts, places: places, measuring: wordWidths, keeping: keptBoxHeights) {
            Framesetter(text: $0, fonts: fonts, shaper: shaper)
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return PassResult(text, diagnostics: diagnostics) }
        let problems = ImagePreflight.check(text, furniture: furniture, places: places, files: pictures, standards: options.pdfStandardsInForce,
                                                  drawingSeconds: options.pictureDrawingSeconds, keeping: keptPictures)
        guard problems.isEmpty else { return PassResult(text, diagnostics: diagnostics + problems) }
        // A picture that bleeds is drawn out past the page's edge by the sheet's bleed.
        var bleedingPage = options.page
        bleedingPage.bleed = options.sheet.bleed
        diagnostics += PictureResolutionCheck(minimum: options.minimumPictureResolution, page: bleedingPage, files: pictures).check(text, places: places)
        // Tracing decodes the pictures, which the preflight has just shown it can.
        diagnostics += ContourTracing.trace(&text, files: pictures, places: places)
        return PassResult(text, diagnostics: diagnostics)
    }
}
