import CCairo
import Diagnostics
import Text

/// Decodes every picture of a document once before any output is started, so that all bad
/// pictures are reported together, each at its `<img>` tag, and no file is begun in vain.
public enum ImagePreflight {
    public static func check(_ text: AttributedText) -> [Diagnostic] {
        var checked: Set<String> = []
        var problems: [Diagnostic] = []
        for attachment in text.attachments where checked.insert(attachment.image.path).inserted {
            do {
                let surface = try ImageSurfaceLoader.load(path: attachment.image.path)
                cairo_surface_destroy(surface)
            } catch {
                problems.append(.error("image \"\(attachment.image.path)\": \(error)", at: attachment.image.location,
                                       sourceLine: attachment.image.sourceLine))
            }
        }
        return problems
    }
}
