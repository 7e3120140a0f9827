import Diagnostics
import Markup
import Pages
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

    /// A warning at each link of the running heads, which the file is drawn without: at its
    /// `{link` where the document writes the template (`<meta>`, a master), else naming the
    /// option that gave it. `headerOption`, `footerOption`: the templates the command line
    /// gave, which stand for the document's.
    static func runningHeadLinkWarnings(_ heads: RunningHeads, headerOption: RunningTemplate?,
                                        footerOption: RunningTemplate?) -> [Diagnostic] {
        let given: [(template: RunningTemplate?, option: String?)] = [
            (heads.header, headerOption == nil ? nil : "--header"), (heads.footer, footerOption == nil ? nil : "--footer"),
        ] + heads.masters.flatMap(\.templates).map { ($0, nil) }
        return given.flatMap { template, option -> [Diagnostic] in
            guard let template else { return [] }
            return template.linkAddresses.enumerated().map { index, address in
                let text = "PDF/X-4 allows no links (annotations inside the page); the running heads' link to \"\(address.clipped)\" "
                    + "is left out of the file and its text kept"
                if let option { return .warning("\(option): " + text) }
                guard index < template.linkPlaces.count else { return .warning(text) }
                let place = template.linkPlaces[index]
                return .warning(text, at: place.location, sourceLine: place.sourceLine)
            }
        }
    }

    /// Removes every link of `text`, returning a warning at the `<a>` of each (`linkTags`, where
    /// the parser met them).
    static func removeLinks(from text: inout AttributedText, sourceMap: TextSourceMap, linkTags: LinkTags) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var previous: String?
        var linked: [Range<Int>] = []
        for run in text.attributeRuns.runs(in: 0 ..< text.length) {
            defer { previous = run.value.link }
            guard let address = run.value.link else { continue }
            linked.append(run.range)
            // A link over several runs (a word in italics inside it) is one link; a reference's
            // is the markup's own doing, not the author's, and goes without a word.
            if address == previous || ReferenceLink.id(in: address) != nil { continue }
            diagnostics.append(warning(message(address: address), atLinkStarting: run.range.lowerBound, sourceMap: sourceMap,
                                       linkTags: linkTags))
        }
        text.modifyAttributes(in: linked) { $0.link = nil }
        return diagnostics
    }

    /// A warning at the `<a` that opens the link whose text starts at `textOffset` (at the
    /// link's first character should no tag come before it).
    private static func warning(_ message: String, atLinkStarting textOffset: Int, sourceMap: TextSourceMap,
                                linkTags: LinkTags) -> Diagnostic {
        guard let start = sourceMap.sourceOffset(ofTextOffset: textOffset), let tag = linkTags.tagOffset(ofLinkStartingAt: start) else {
            return sourceMap.diagnostic(.warning, message, atTextOffset: textOffset)
        }
        return sourceMap.source.diagnostic(.warning, message, at: tag)
    }
}
