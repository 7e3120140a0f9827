import Diagnostics
import Images
import Layout
import Text

/// Traces the contours of pictures floated with `wrap="contour"` before layout, which never
/// decodes pictures: the framesetter then only scales the outline to the placed picture.
public enum ContourTracing {
    /// Stores each contour on its picture's float; warns at the `<img>` of a picture without
    /// one, which wraps round its rectangle. Runs after ImagePreflight: every picture decodes.
    /// The pictures are read from `files`, the descriptors their `<img>`s opened.
    /// A warning is located at the picture's `src` (`places`).
    public static func trace(_ text: inout AttributedText, files: PictureFiles, places: ElementPlaces) -> [Diagnostic] {
        var traced: [PictureSource: Result<PictureContour, Error>] = [:]
        var warnings: [Diagnostic] = []
        // The floats given their contours, stored in one pass over the text's runs at the end:
        // one rewrite of the runs a picture made n pictures quadratic (issue 40, item 7).
        var contoured: [(at: Range<Int>, float: PictureFloat)] = []
        for attachment in text.attachments {
            guard var float = attachment.image.float, float.wrap == .contour else { continue }
            let source = attachment.image.source
            let result = traced[source] ?? Result { try AlphaContour.trace(source, files: files) }
            traced[source] = result
            switch result {
            case .success(let contour):
                float.contour = fitted(contour, of: attachment.image, in: float, files: files)
                contoured.append((attachment.index ..< attachment.index + 1, float))
            case .failure(let error):
                warnings.append(.warning("wrap=\"contour\": \(reason(error)); the text wraps round its rectangle",
                                         at: places.place(of: attachment.image)))
            }
        }
        // Nothing to store leaves the text alone: rewriting its runs for none copied them (8 M
        // instructions on the 99-page magazine, which wraps nothing round a contour).
        guard !contoured.isEmpty else { return warnings }
        text.modifyAttributes(in: contoured.map(\.at)) { index, attributes in attributes.image?.float = contoured[index].float }
        return warnings
    }

    /// The contour traced over the picture's own rectangle, moved to where its framing draws
    /// it in the float's place (whole inside it, or covering it, cut off by its crop and at the
    /// place's edges): the text follows the shape that shows.
    private static func fitted(_ contour: PictureContour, of image: ImageAttachment, in float: PictureFloat,
                               files: PictureFiles) -> PictureContour {
        guard let own = try? PictureInfo.probe(files.file(at: image.path), page: image.page).naturalSize else { return contour }
        let framing = image.framing(own: own, in: Rect(x: 0, y: 0, width: float.width, height: float.height))
        let drawn = framing.whole, shown = framing.shown
        func across(_ value: Double) -> Double { min(shown.maxX, max(shown.minX, drawn.minX + value * drawn.width)) / float.width }
        func down(_ value: Double) -> Double { min(shown.maxY, max(shown.minY, drawn.minY + value * drawn.height)) / float.height }
        return PictureContour(bands: contour.bands.compactMap { band in
            let moved = PictureContour.Band(top: down(band.top), bottom: down(band.bottom), left: across(band.left), right: across(band.right))
            return moved.bottom > moved.top && moved.right > moved.left ? moved : nil
        })
    }

    private static func reason(_ error: Error) -> String {
        switch error as? AlphaContour.Missing {
        case .noAlpha: "the picture has no transparency (only a PNG with an alpha channel has)"
        case .opaque: "the picture is opaque to its edges"
        case .transparent: "the picture has no opaque pixel"
        case nil: "\(error)"
        }
    }
}
