import Diagnostics
import Text

/// Traces the contours of pictures floated with `wrap="contour"` before layout, which never
/// decodes pictures: the framesetter then only scales the outline to the placed picture.
public enum ContourTracing {
    /// Stores each contour on its picture's float; warns at the `<img>` of a picture without
    /// one, which wraps round its rectangle. Runs after ImagePreflight: every picture decodes.
    public static func trace(_ text: inout AttributedText) -> [Diagnostic] {
        var traced: [PictureSource: Result<PictureContour, Error>] = [:]
        var warnings: [Diagnostic] = []
        for attachment in text.attachments {
            guard var float = attachment.image.float, float.wrap == .contour else { continue }
            let source = attachment.image.source
            let result = traced[source] ?? Result { try AlphaContour.trace(source) }
            traced[source] = result
            switch result {
            case .success(let contour):
                float.contour = contour
                text.modifyAttributes(in: attachment.index ..< attachment.index + 1) { $0.image?.float = float }
            case .failure(let error):
                warnings.append(.warning("wrap=\"contour\": \(reason(error)); the text wraps round its rectangle",
                                         at: attachment.image.location, sourceLine: attachment.image.sourceLine))
            }
        }
        return warnings
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
