import Foundation

/// A document's XMP metadata packet (ISO 16684-1), the XML a PDF carries on its catalog as
/// `/Metadata`: what PDF/X and PDF/UA read their identification and the document's title from.
///
/// Properties are kept in the order they are set and written one `rdf:Description` per
/// schema, every value escaped for XML. A standard that needs one more property sets it in one
/// line: `xmp.set(.pdfuaid, "part", .text("1"))`.
public struct XMPMetadata: Sendable {
    /// An XMP schema: the prefix written before its properties' names, and its namespace.
    public struct Schema: Sendable, Equatable {
        public var prefix: String
        public var namespace: String

        public init(prefix: String, namespace: String) {
            self.prefix = prefix
            self.namespace = namespace
        }

        public static let dublinCore = Schema(prefix: "dc", namespace: "http://purl.org/dc/elements/1.1/")
        public static let basic = Schema(prefix: "xmp", namespace: "http://ns.adobe.com/xap/1.0/")
        public static let pdf = Schema(prefix: "pdf", namespace: "http://ns.adobe.com/pdf/1.3/")
        public static let mediaManagement = Schema(prefix: "xmpMM", namespace: "http://ns.adobe.com/xap/1.0/mm/")
        /// PDF/X's identification schema.
        public static let pdfxid = Schema(prefix: "pdfxid", namespace: "http://www.npes.org/pdfx/ns/id/")
        /// PDF/UA's identification schema.
        public static let pdfuaid = Schema(prefix: "pdfuaid", namespace: "http://www.aiim.org/pdfua/ns/id/")
    }

    /// The shapes of value XMP has for the properties a PDF needs.
    public enum Value: Sendable, Equatable {
        /// Plain text (a date is text in ISO 8601 form, a number its digits).
        case text(String)
        /// A language alternative with only the default language: `dc:title`, `dc:description`.
        case defaultLanguage(String)
        /// An ordered array: `dc:creator`.
        case ordered([String])
    }

    private struct Property: Sendable {
        var schema: Schema
        var name: String
        var value: Value
    }

    private var properties: [Property] = []

    public init() {}

    /// Sets `schema`'s property `name` to `value`, replacing a value set before.
    public mutating func set(_ schema: Schema, _ name: String, _ value: Value) {
        if let index = properties.firstIndex(where: { $0.schema == schema && $0.name == name }) {
            properties[index].value = value
        } else {
            properties.append(Property(schema: schema, name: name, value: value))
        }
    }

    /// The value set for `schema`'s property `name`, if any.
    public func value(of schema: Schema, _ name: String) -> Value? {
        properties.first { $0.schema == schema && $0.name == name }?.value
    }

    /// The packet, in UTF-8, ready to be a metadata stream's data.
    public var packet: Data { Data(xml.utf8) }

    /// The packet as text.
    public var xml: String {
        var lines = ["<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>",
                     "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">",
                     " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"]
        var schemas: [Schema] = []
        for property in properties where !schemas.contains(property.schema) { schemas.append(property.schema) }
        for schema in schemas {
            lines.append("  <rdf:Description rdf:about=\"\" xmlns:\(schema.prefix)=\"\(Self.escaped(schema.namespace))\">")
            for property in properties where property.schema == schema {
                lines.append(Self.element(property))
            }
            lines.append("  </rdf:Description>")
        }
        lines += [" </rdf:RDF>", "</x:xmpmeta>", "<?xpacket end=\"r\"?>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func element(_ property: Property) -> String {
        let name = "\(property.schema.prefix):\(property.name)"
        switch property.value {
        case .text(let text):
            return "   <\(name)>\(escaped(text))</\(name)>"
        case .defaultLanguage(let text):
            return "   <\(name)><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(text))</rdf:li></rdf:Alt></\(name)>"
        case .ordered(let items):
            let list = items.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joined()
            return "   <\(name)><rdf:Seq>\(list)</rdf:Seq></\(name)>"
        }
    }

    /// Text as XML character data or an attribute's value: the five special characters as
    /// entities, and the characters XML 1.0 cannot hold at all (controls but tab and line
    /// ends, unpaired surrogates cannot occur in a Swift string) left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
