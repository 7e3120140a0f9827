import CCairo
import Foundation
import Layout
import Text

/// Makes a PDF link annotation over each stretch of a line that is a link: a link broken over
/// lines or columns gets one on every piece, and a right-to-left piece too, since the rects
/// follow the runs as they are placed.
enum LinkAnnotator {
    /// Annotates the links on `line`: each stretch of adjacent runs (in visual order) with
    /// one address, from the line's ascent to its descent; a reference's goes to its target's
    /// page (`references`). Each annotation made is recorded in `structure`, which puts it in
    /// its `Link` element of the structure tree. A footnote's marker and its note's mark are
    /// links too (`footnotes`), and each is where the other goes: its place is recorded as the
    /// other's destination. Returns the address of each annotation made, in order.
    @discardableResult
    static func annotate(_ line: Line, footnotes: FootnoteLinks? = nil, references: ReferenceDestinations = ReferenceDestinations(),
                         recordingIn structure: StructureRecorder? = nil, in context: OpaquePointer) -> [String] {
        func link(of run: GlyphRun) -> String? { footnotes?.link(of: run) ?? run.attributes.link }
        var made: [String] = []
        var index = line.runs.startIndex
        while index < line.runs.endIndex {
            guard let address = link(of: line.runs[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < line.runs.endIndex, link(of: line.runs[end]) == address { end += 1 }
            let left = line.runs[index].x
            // Spaces after a line's last word are not part of what the reader sees.
            let right = min(line.runs[end - 1].x + line.runs[end - 1].width, max(line.width, left))
            let rect = deviceRect(Rect(x: line.origin.x + left, y: line.origin.y - line.ascent,
                                       width: right - left, height: line.ascent + line.descent), in: context)
            // A footnote's link is resolved by the finishing step (`InternalLinkDestinations`),
            // whatever a reference's id may look like: which it is comes from where it was made.
            let footnoteTarget = footnotes?.link(of: line.runs[index]) == nil ? nil : FootnoteLinks.Target(address: address)
            let annotation = footnoteTarget == nil ? attributes(address: address, rect: rect, references: references)
                                                   : attributes(uri: address, rect: rect)
            if rect.width > 0, rect.height > 0, let attributes = annotation {
                structure?.openCairoDocument(in: context)
                cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
                // Cairo makes a page's link annotations only when it drew on the page.
                CairoDrawnMark.draw(at: Point(x: line.origin.x + left, y: line.origin.y), in: context)
                cairo_tag_end(context, CAIRO_TAG_LINK)
                made.append(address)
                let offset = line.runs[index ..< end].map(\.stringRange.lowerBound).min() ?? line.stringRange.lowerBound
                structure?.recordLinkAnnotation(address: address, offset: offset)
                if let footnotes, let target = footnoteTarget {
                    structure?.recordDestination(target.reverse.address, at: Point(x: rect.minX, y: rect.minY), mark: footnotes.mark(of: target))
                }
            }
            index = end
        }
        return made
    }

    /// `rect` on the sheet: Cairo 1.16 takes a link's rect in device space, past the
    /// transformation that puts a page inside its bleed and marks (`PrintSheet`).
    private static func deviceRect(_ rect: Rect, in context: OpaquePointer) -> Rect {
        var left = rect.minX, top = rect.minY
        cairo_user_to_device(context, &left, &top)
        return Rect(x: left, y: top, width: rect.width, height: rect.height)
    }

    /// Cairo's attribute string for a link to `uri` over `rect` (in user space, y down).
    static func attributes(uri: String, rect: Rect) -> String {
        "uri='\(quoted(pdfSafe(uri)))' rect=[\(numbers(rect))]"
    }

    /// Cairo's attribute string for the link to `address` over `rect`: a web address's, or a
    /// reference's, an address inside the document the finishing step turns into its target's
    /// place (`InternalLinkDestinations`); nil for a reference whose page is not written.
    static func attributes(address: String, rect: Rect, references: ReferenceDestinations) -> String? {
        guard let id = ReferenceLink.id(in: address) else { return attributes(uri: address, rect: rect) }
        return references.pdfPage(of: id).map { _ in attributes(uri: InternalLink.reference(id).address, rect: rect) }
    }

    private static func numbers(_ rect: Rect) -> String {
        [rect.minX, rect.minY, rect.width, rect.height].map { String(format: "%.3f", $0) }.joined(separator: " ")
    }

    /// The address as 7-bit ASCII that is safe inside a PDF string: PDF wants URIs in ASCII,
    /// and Cairo 1.16 writes `/URI (…)` without escaping it, so a parenthesis or a backslash
    /// would end the string early and break the file. Those, spaces, controls and every byte
    /// of a non-ASCII character (UTF-8, as RFC 3987 maps an IRI to a URI) are percent-encoded.
    static func pdfSafe(_ uri: String) -> String {
        var result = ""
        for byte in uri.utf8 {
            switch byte {
            case 0x21 ... 0x7E where byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")") && byte != UInt8(ascii: "\\"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// A value inside Cairo's single quotes: a backslash escapes the next character.
    static func quoted(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
