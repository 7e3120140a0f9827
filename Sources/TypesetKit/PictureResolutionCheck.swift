import Diagnostics
import Images
import Layout
import Pages
import Text

/// Finds the pictures shown at fewer pixels per inch than a printer accepts: a 60×40-pixel
/// picture blown up to a column's width is a blur of squares on paper, though it looks
/// passable on a screen. A warning at each such `<img>` says how large the picture would
/// have to be. An SVG or a PDF page has no pixels to count: its paths print sharp at any size
/// (pictures inside it are the file's maker's to check).
struct PictureResolutionCheck {
    /// The least resolution that passes, in pixels per inch; 0 checks nothing.
    var minimum: Double
    var page: PageTemplate
    /// Where the pictures are read from (`PictureFiles`).
    var files = PictureFiles()

    /// Warnings for the pictures of `text`, whose sizes are the fitted ones (after
    /// `fitPictures`), each located at its `<img>` (`places`).
    func check(_ text: AttributedText, places: ElementPlaces) -> [Diagnostic] {
        guard minimum > 0 else { return [] }
        var pixelSizes: [String: ImageInfo] = [:]
        var warnings: [Diagnostic] = []
        let frames = PossibleFrames(template: page, text: text)
        for attachment in text.attachments {
            guard let info = pixelSizes[attachment.image.path] ?? rasterInfo(path: attachment.image.path) else { continue }
            pixelSizes[attachment.image.path] = info
            // Only the pixels shown count: a crop keeps fewer of them for the same place.
            let pixels = attachment.image.crop.kept(of: (Double(info.uprightWidth), Double(info.uprightHeight)))
            // Across columns it is as large as the widest frame its page's master may give it.
            let shown = frames.templates(at: attachment.index).map { drawnSize(of: attachment, pixels: info, in: text, on: $0) }
                .max { $0.width < $1.width } ?? drawnSize(of: attachment, pixels: info, in: text, on: page)
            guard shown.width > 0, shown.height > 0 else { continue }
            // Points are 1/72 inch; a picture stretched unevenly is as sharp as its coarser side.
            let resolution = min(pixels.width / shown.width, pixels.height / shown.height) * 72
            guard resolution < minimum else { continue }
            let neededWidth = (shown.width / 72 * minimum).rounded(.up), neededHeight = (shown.height / 72 * minimum).rounded(.up)
            let picture = attachment.image.crop == .none ? "picture of \(info.uprightWidth)×\(info.uprightHeight) px"
                : "picture cropped to \(Int(pixels.width.rounded()))×\(Int(pixels.height.rounded())) px (of \(info.uprightWidth)×\(info.uprightHeight) px)"
            warnings.append(.warning("\(picture) is shown at \(Int(resolution)) ppi (below \(format(minimum)))"
                                     + " at \(Int(shown.width.rounded()))×\(Int(shown.height.rounded())) pt and prints blurred;"
                                     + " use one of at least \(Int(neededWidth))×\(Int(neededHeight)) px or show it smaller (--min-ppi sets the limit)",
                                     at: places.place(of: attachment.image)))
        }
        return warnings
    }

    /// The size the part of the picture its crop keeps is drawn at, in points: its place as its `fit` fills it (whole
    /// inside, smaller; covering it, larger), or for a picture that bleeds the size that covers
    /// its place run out past the page's edges (a picture across the top or foot of the page
    /// always stands at that edge, and at the sides when it spans the text area), proportions
    /// kept: larger than its place, so fewer pixels an inch. A float that bleeds reaches the
    /// edge only in a side column, which is known on the page: its place is the least it is
    /// drawn at.
    private func drawnSize(of attachment: (index: Int, image: ImageAttachment, delegate: RunDelegate), pixels: ImageInfo,
                           in text: AttributedText, on page: PageTemplate) -> (width: Double, height: Double) {
        let placed = placedSize(of: attachment, in: text, on: page)
        var place = Rect(x: 0, y: 0, width: placed.width, height: placed.height)
        if attachment.image.bleeds, let spanning = attachment.image.spanning {
            let area = page.textArea
            let spansTheArea = placed.width >= area.width - 0.01
            place = Rect(x: area.minX, y: spanning.edge == .top ? area.minY : area.maxY - placed.height, width: placed.width, height: placed.height)
            let edges: BleedEdges = [spanning.edge == .top ? BleedEdges.top : BleedEdges.bottom, spansTheArea ? BleedEdges.sides : BleedEdges.left]
            place = page.bled(place, toward: edges, ofPage: 1)
        }
        let own = (width: Double(pixels.uprightWidth), height: Double(pixels.uprightHeight))
        let drawn = attachment.image.framing(own: own, in: place).whole
        let kept = attachment.image.crop.kept(of: (drawn.width, drawn.height))
        return (kept.width, kept.height)
    }

    /// The size the picture takes on the page, in points: its line's room, its float's, or
    /// for a picture spanning columns the width of those columns, proportions kept and no
    /// taller than the page allows (`PageTemplate.tallestAcrossColumns`).
    private func placedSize(of attachment: (index: Int, image: ImageAttachment, delegate: RunDelegate),
                            in text: AttributedText, on page: PageTemplate) -> (width: Double, height: Double) {
        if let float = attachment.image.float { return (float.width, float.height) }
        if let spanning = attachment.image.spanning {
            let width = page.spannedWidth(columns: spanning.columns, of: text.paragraphStyle(at: attachment.index).section)
            let height = min(width / spanning.aspect, page.tallestAcrossColumns)
            return (height * spanning.aspect, height)
        }
        return (attachment.delegate.width, attachment.delegate.ascent + attachment.delegate.descent)
    }

    /// A JPEG's or PNG's header; nil for a vector picture (or a file that cannot be read, which
    /// `ImagePreflight` reports).
    private func rasterInfo(path: String) -> ImageInfo? {
        guard let file = try? files.file(at: path), !PictureInfo.isVector(file) else { return nil }
        return try? ImageInfo.probe(file)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
