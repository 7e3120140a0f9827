import Diagnostics
import Images
import Text

/// Checks every picture of a document once before any output is started, so that all bad
/// pictures are reported together, each at its `<img>` tag, and no file is begun in vain.
/// JPEGs are decoded; PNGs are decoded only when `PNGIntegrity` cannot vouch for them; SVGs
/// and PDF pages are parsed and drawn without pixels. `furniture` are the master pages'
/// pictures, which are in no line of the text.
public enum ImagePreflight {
    /// The processor seconds a PDF picture's page may take to draw (`BoundedDrawing`).
    public static let standardDrawingSeconds = BoundedDrawing.Limits.standard.processorSeconds

    /// Checks the pictures of `text` and the master pages' (`furniture`), read from `files`,
    /// the descriptors their `<img>`s opened, for a PDF meeting `standards` (PDF/X-4 takes no
    /// PDF picture with a font not embedded); a PDF picture's page may take `drawingSeconds`
    /// of processor time to draw; `kept`: the pictures the run before checked (`typeset watch`).
    /// A problem is located at the picture's `src` (`places`).
    public static func check(_ text: AttributedText, furniture: [ImageAttachment] = [], places: ElementPlaces, files: PictureFiles,
                             standards: Set<PDFStandard>, drawingSeconds: Int = standardDrawingSeconds,
                             keeping kept: KeptPictures? = nil) -> [Diagnostic] {
        var limits = BoundedDrawing.Limits.standard
        limits.processorSeconds = drawingSeconds
        var checked: Set<PictureSource> = []
        var problems: [Diagnostic] = []
        for image in text.attachments.map(\.image) + furniture where checked.insert(image.source).inserted {
            do {
                try ImageSurfaceLoader.check(image.source, in: files, requiringEmbeddedFonts: standards.contains(.x4), drawingWithin: limits,
                                               keeping: kept)
            } catch {
                let name = image.writtenName ?? image.path
                problems.append(.error("image \"\(name)\": \(error)", at: places.place(of: image)))
            }
        }
        return problems
    }
}
