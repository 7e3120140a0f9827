import Diagnostics
import Images
import Text

/// Checks every picture of a document once before any output is started, so that all bad
/// pictures are reported together, each at its `<img>` tag, and no file is begun in vain.
/// JPEGs are decoded; PNGs are decoded only when `PNGIntegrity` cannot vouch for them; SVGs
/// and PDF pages are parsed and drawn without pixels.
public enum ImagePreflight {
    /// Checks the pictures of `text`, read from `files`, the descriptors their `<img>`s opened.
    public static func check(_ text: AttributedText, files: PictureFiles) -> [Diagnostic] {
        var checked: Set<PictureSource> = []
        var problems: [Diagnostic] = []
        for attachment in text.attachments where checked.insert(attachment.image.source).inserted {
            do {
                try ImageSurfaceLoader.check(attachment.image.source, in: files)
            } catch {
                problems.append(.error("image \"\(attachment.image.path)\": \(error)", at: attachment.image.location,
                                       sourceLine: attachment.image.sourceLine))
            }
        }
        return problems
    }
}
