import Diagnostics
import Markup
import Text

/// What a document asks of a PDF/X-4 file that the standard does not allow, found before the
/// pages are drawn.
///
/// Links: PDF/X allows no annotation on the page but the printer's own marks, and a link is
/// an annotation. Each link of the document is left out of a PDF/X file, its text kept as it
/// looks, with a warning at its `<a>` (an error, and no file, with `--strict`): the same
/// source serves the screen PDF with its links and the print file without.
enum PDFXPreflight {
    /// The message at each link left out.
    static func message(address: String) -> String {
        "PDF/X-4 allows no links (annotations inside the page); the link to \"\(address)\" is left out of the file and its text kept"
    }

    /// Removes every link of `text`, returning a warning at the `<a>` of each.
    static func removeLinks(from text: inout AttributedText, sourceMap: TextSourceMap) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var previous: String?
        var linked: [Range<Int>] = []
        for run in text.attributeRuns.runs(in: 0 ..< text.length) {
            defer { previous = run.value.link }
            guard let address = run.value.link else { continue }
            linked.append(run.range)
            // A link over several runs (a word in italics inside it) is one link.
            if address == previous { continue }
            diagnostics.append(warning(message(address: address), atLinkStarting: run.range.lowerBound, sourceMap: sourceMap))
        }
        text.modifyAttributes(in: linked) { $0.link = nil }
        return diagnostics
    }

    /// How far back from a link's first character its `<a …>` tag is looked for: an address
    /// and a few attributes.
    private static let longestTag = 4096

    /// A warning at the `<a` that opens the link whose text starts at `textOffset` (at the
    /// link's first character when the tag is not found just before it).
    private static func warning(_ message: String, atLinkStarting textOffset: Int, sourceMap: TextSourceMap) -> Diagnostic {
        guard let start = sourceMap.sourceOffset(ofTextOffset: textOffset) else {
            return sourceMap.diagnostic(.warning, message, atTextOffset: textOffset)
        }
        let units = sourceMap.source.units
        let lowest = max(0, start - longestTag)
        var offset = min(start, units.count) - 1
        while offset >= lowest {
            // `<a` then a space or `>`: not `<aside`.
            if units[offset] == 0x3C, offset + 2 < units.count, units[offset + 1] == 0x61 || units[offset + 1] == 0x41,
               [0x20, 0x09, 0x0A, 0x3E].contains(units[offset + 2]) {
                return sourceMap.source.diagnostic(.warning, message, at: offset)
            }
            offset -= 1
        }
        return sourceMap.diagnostic(.warning, message, atTextOffset: textOffset)
    }
}
