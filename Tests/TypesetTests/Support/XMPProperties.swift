import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The simple properties of an XMP packet, read with an XML parser: `prefix:name` → its text
/// (a language alternative's or an array's first item). Parsing fails on XML that is not
/// well formed.
struct XMPProperties {
    private(set) var values: [String: String] = [:]

    init(_ data: Data) throws {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? QPDFFailure(arguments: ["XMP"]) }
        values = collector.values
    }

    subscript(name: String) -> String? { values[name] }

    private final class Collector: NSObject, XMLParserDelegate {
        var values: [String: String] = [:]
        private var path: [String] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            path.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
            // The property is the nearest element that is not RDF's own.
            guard let property = (path + [name]).last(where: { !$0.hasPrefix("rdf:") && !$0.hasPrefix("x:") }),
                  values[property] == nil, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
            values[property] = text
            text = ""
        }
    }
}
