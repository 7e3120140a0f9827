import Diagnostics
import Text

/// Checks every picture of a document once before any output is started, so that all bad
/// pictures are reported together, each at its `<img>` tag, and no file is begun in vain.
/// JPEGs are decoded; PNGs are decoded only when `PNGIntegrity` cannot vouch for them; SVGs
/// and PDF pages are parsed and drawn without pixels.
public enum ImagePreflight {
    public static func check(_ text: AttributedText) -> [Diagnostic] {
        var checked: Set<PictureSource> = []
        var problems: [Diagnostic] = []
        for attachment in text.attachments where checked.insert(attachment.image.source).inserted {
            do {
                try ImageSurfaceLoader.check(attachment.image.source)
            } catch {
                let name = attachment.image.writtenName ?? attachment.image.path
                problems.append(.error("image \"\(name)\": \(error)", at: attachment.image.location,
                                       sourceLine: attachment.image.sourceLine))
            }
        }
        return problems
    }
}
