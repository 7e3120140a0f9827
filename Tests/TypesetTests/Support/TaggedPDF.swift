import Foundation
import XCTest

/// A tagged PDF as a screen reader sees it, read with qpdf (`qpdf --json=2` with every stream's
/// data decoded): the structure tree's elements, and the text of each marked-content sequence,
/// found by reading the pages' content streams and turning their strings into text through
/// each font's `/ToUnicode` map.
struct TaggedPDF {
    /// A structure element: its type, attributes and children in order.
    final class Element {
        enum Kid {
            case content(page: Int, mcid: Int)
            case element(Element)
            /// An object reference (`/OBJR`): the annotation's object.
            case object(String)
        }

        let role: String
        let dictionary: [String: Any]
        var kids: [Kid] = []

        init(role: String, dictionary: [String: Any]) {
            self.role = role
            self.dictionary = dictionary
        }

        /// A text string of the element (`/Alt`, `/Lang`), without qpdf's `u:` prefix.
        func string(_ key: String) -> String? {
            (dictionary[key] as? String).map { String($0.drop { $0 != ":" }.dropFirst()) }
        }

        /// The element and all below it, depth first.
        var descendants: [Element] {
            [self] + kids.flatMap { kid -> [Element] in
                if case .element(let element) = kid { return element.descendants }
                return []
            }
        }
    }

    let catalog: [String: Any]
    let root: Element?
    /// The structure tree's `/RoleMap`: a type of typeset's own → the standard type it is read as.
    let roleMap: [String: String]
    /// Each page's marked-content sequences' text, by MCID.
    let markedText: [[Int: String]]
    /// Each page's painting operators outside any marked content (text shown, paths filled or
    /// stroked, images and forms drawn).
    let unmarkedPainting: [Int]
    /// Each page's text shown inside `/Artifact` sequences.
    let artifactText: [String]
    /// Each page's `/StructParents`.
    let structParents: [Int?]
    private let objects: [String: Any]
    /// The pages' objects, in order.
    let pageReferences: [String]

    init(pdfAt path: String) throws {
        guard let output = TestSupport.runTool(PDFCheck.qpdf, ["--json=2", "--json-key=pages", "--json-key=qpdf",
                                                               "--json-stream-data=inline", "--decode-level=generalized", path]) else {
            throw XCTSkip("qpdf is not installed or cannot read \(path)")
        }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        objects = try XCTUnwrap((json["qpdf"] as? [Any])?.last as? [String: Any])
        pageReferences = try XCTUnwrap(json["pages"] as? [[String: Any]]).compactMap { $0["object"] as? String }
        let trailer = try XCTUnwrap((objects["trailer"] as? [String: Any])?["value"] as? [String: Any])
        let objects = self.objects
        func value(_ reference: Any?) -> [String: Any]? {
            guard let reference = reference as? String else { return reference as? [String: Any] }
            let object = objects["obj:\(reference)"] as? [String: Any]
            return (object?["value"] as? [String: Any]) ?? ((object?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        }
        func streamData(_ reference: Any?) -> Data? {
            guard let reference = reference as? String,
                  let stream = (objects["obj:\(reference)"] as? [String: Any])?["stream"] as? [String: Any],
                  let data = stream["data"] as? String else { return nil }
            return Data(base64Encoded: data)
        }
        catalog = try XCTUnwrap(value(trailer["/Root"]))
        let pages = pageReferences
        var marked: [[Int: String]] = []
        var unmarked: [Int] = []
        var artifacts: [String] = []
        var parents: [Int?] = []
        for reference in pages {
            let page = try XCTUnwrap(value(reference))
            parents.append((page["/StructParents"] as? NSNumber)?.intValue)
            var contents = Data()
            if let array = page["/Contents"] as? [Any] {
                for part in array { contents.append(streamData(part) ?? Data()); contents.append(0x0A) }
            } else {
                contents = streamData(page["/Contents"]) ?? Data()
            }
            // Fonts by name in `resources`, each with the map of its glyphs to their text.
            func fonts(in resources: [String: Any]) -> [String: ToUnicodeMap] {
                (value(resources["/Font"]) ?? [:]).mapValues { font in
                    ToUnicodeMap(streamData(value(font)?["/ToUnicode"]).map { String(decoding: $0, as: UTF8.self) } ?? "")
                }
            }
            // The forms a page paints (`Do`) are read where they are painted, as the page's content.
            func forms(in resources: [String: Any]) -> [String: ContentReading.Form] {
                (value(resources["/XObject"]) ?? [:]).compactMapValues { reference in
                    guard let form = value(reference), form["/Subtype"] as? String == "/Form", let data = streamData(reference) else { return nil }
                    let formResources = value(form["/Resources"]) ?? [:]
                    return ContentReading.Form(data: data, fonts: fonts(in: formResources), forms: forms(in: formResources))
                }
            }
            let resources = value(page["/Resources"]) ?? [:]
            let reading = ContentReading(contents, fonts: fonts(in: resources), forms: forms(in: resources))
            marked.append(reading.text)
            unmarked.append(reading.unmarkedPainting)
            artifacts.append(reading.artifactText)
        }
        markedText = marked
        unmarkedPainting = unmarked
        artifactText = artifacts
        structParents = parents
        func element(_ reference: Any?) -> Element? {
            guard let dictionary = value(reference), let role = dictionary["/S"] as? String else { return nil }
            let made = Element(role: String(role.dropFirst()), dictionary: dictionary)
            let page = (dictionary["/Pg"] as? String).flatMap { pages.firstIndex(of: $0) }
            let kids = (dictionary["/K"] as? [Any]) ?? (dictionary["/K"].map { [$0] } ?? [])
            for kid in kids {
                if let mcid = kid as? NSNumber, let page {
                    made.kids.append(.content(page: page, mcid: mcid.intValue))
                } else if let kid = value(kid), kid["/Type"] as? String == "/MCR",
                          let mcid = kid["/MCID"] as? NSNumber, let kidPage = (kid["/Pg"] as? String).flatMap({ pages.firstIndex(of: $0) }) {
                    made.kids.append(.content(page: kidPage, mcid: mcid.intValue))
                } else if let kid = value(kid), kid["/Type"] as? String == "/OBJR", let object = kid["/Obj"] as? String {
                    made.kids.append(.object(object))
                } else if let child = element(kid) {
                    made.kids.append(.element(child))
                }
            }
            return made
        }
        let treeRoot = value(catalog["/StructTreeRoot"])
        roleMap = (value(treeRoot?["/RoleMap"]) ?? [:]).reduce(into: [:]) { map, entry in
            if let role = entry.value as? String { map[String(entry.key.dropFirst())] = String(role.dropFirst()) }
        }
        let top = (treeRoot?["/K"] as? [Any]).map { $0.first } ?? treeRoot?["/K"]
        root = element(top as Any?)
    }

    /// The dictionary of the object `reference` names.
    func object(_ reference: String) -> [String: Any]? {
        (objects["obj:\(reference)"] as? [String: Any])?["value"] as? [String: Any]
    }

    /// Every element of the tree, depth first.
    var elements: [Element] { root?.descendants ?? [] }

    /// The elements of type `role`, depth first.
    func elements(_ role: String) -> [Element] { elements.filter { $0.role == role } }

    /// The text of `element` read as a screen reader reads it: its marked content and its
    /// children's, depth first.
    func text(of element: Element) -> String {
        element.kids.map { kid -> String in
            switch kid {
            case .content(let page, let mcid): return markedText[page][mcid] ?? ""
            case .element(let child): return text(of: child)
            case .object: return ""
            }
        }.joined()
    }

    /// The elements holding marked content of their own, depth first, each with that text
    /// (not its children's).
    var readingOrder: [(role: String, text: String)] {
        elements.compactMap { element in
            let own = element.kids.compactMap { kid -> String? in
                if case .content(let page, let mcid) = kid { return markedText[page][mcid] ?? "" }
                return nil
            }
            return own.isEmpty ? nil : (element.role, own.joined())
        }
    }

    /// Everything a screen reader reads, in order: each element's marked content and its
    /// children's, depth first.
    var text: String {
        root.map(text(of:)) ?? ""
    }
}

/// A font's `/ToUnicode` map: character codes (of the lengths its code space gives) to text.
struct ToUnicodeMap {
    /// The code space's ranges, each with its code length in bytes (one in typeset's simple
    /// fonts, two in its `/Identity-H` ones; other producers mix lengths).
    private var codeSpaces: [(low: UInt32, high: UInt32, length: Int)] = []
    private var map: [UInt32: String] = [:]

    init(_ cmap: String) {
        let tokens = cmap.components(separatedBy: .whitespacesAndNewlines).filter { !$0.isEmpty }
        func hex(_ token: String) -> (value: UInt32, length: Int)? {
            guard token.hasPrefix("<"), token.hasSuffix(">") else { return nil }
            let digits = token.dropFirst().dropLast()
            return UInt32(digits, radix: 16).map { ($0, digits.count / 2) }
        }
        func text(_ token: String) -> String {
            let digits = Array(token.dropFirst().dropLast())
            var units: [UInt16] = []
            var index = 0
            while index + 4 <= digits.count {
                units.append(UInt16(String(digits[index ..< index + 4]), radix: 16) ?? 0)
                index += 4
            }
            return String(decoding: units, as: UTF16.self)
        }
        var index = 0
        var section = ""
        while index < tokens.count {
            let token = tokens[index]
            if token.hasPrefix("begin") || token.hasPrefix("end") {
                section = token
                index += 1
                continue
            }
            switch section {
            case "begincodespacerange":
                if let low = hex(token), index + 1 < tokens.count, let high = hex(tokens[index + 1]) {
                    codeSpaces.append((low.value, high.value, low.length))
                }
                index += 2
            case "beginbfchar":
                if let code = hex(token), index + 1 < tokens.count { map[code.value] = text(tokens[index + 1]) }
                index += 2
            case "beginbfrange":
                if let low = hex(token), index + 2 < tokens.count, let high = hex(tokens[index + 1]) {
                    let first = text(tokens[index + 2])
                    if let scalar = first.unicodeScalars.first, low.value <= high.value {
                        for code in low.value ... high.value {
                            map[code] = Unicode.Scalar(scalar.value + code - low.value).map { String($0) } ?? ""
                        }
                    }
                }
                index += 3
            default:
                index += 1
            }
        }
    }

    /// The text of `bytes` read code by code: at each place the shortest code the code space holds.
    func text(of bytes: [UInt8]) -> String {
        let spaces = codeSpaces.isEmpty ? [(low: UInt32(0), high: UInt32(0xFF), length: 1)] : codeSpaces.sorted { $0.length < $1.length }
        var result = ""
        var index = 0
        reading: while index < bytes.count {
            for space in spaces where index + space.length <= bytes.count {
                var code: UInt32 = 0
                for byte in bytes[index ..< index + space.length] { code = code << 8 | UInt32(byte) }
                guard (space.low ... space.high).contains(code) else { continue }
                result += map[code] ?? ""
                index += space.length
                continue reading
            }
            break
        }
        return result
    }
}

/// One page's content stream read token by token: the text shown inside each marked-content
/// sequence with an MCID, and how much is painted outside any marked content. A form XObject
/// painted (`Do`) is read where it is painted: its text and painting count as the page's there.
struct ContentReading {
    private(set) var text: [Int: String] = [:]
    private(set) var unmarkedPainting = 0
    /// The text shown inside `/Artifact` sequences.
    private(set) var artifactText = ""
    /// All the text shown, marked or not.
    private(set) var shownText = ""

    /// A form XObject: its content, and the fonts and forms its resources name.
    struct Form {
        var data: Data
        var fonts: [String: ToUnicodeMap]
        var forms: [String: Form]
    }

    private static let painting: Set<String> = ["Tj", "TJ", "'", "\"", "f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "Do", "sh", "EI"]

    init(_ data: Data, fonts: [String: ToUnicodeMap], forms: [String: Form] = [:]) {
        var operands: [Any] = []
        var stack: [Int?] = []   // the MCID of each open sequence, nil for one without
        var artifacts: [Bool] = []   // whether each open sequence is an artifact
        var font = ToUnicodeMap("")
        var lexer = ContentStreamLexer(data)
        while let token = lexer.next() {
            switch token {
            case .operand(let value):
                operands.append(value)
            case .inlineImage:
                if stack.isEmpty { unmarkedPainting += 1 }
                operands.removeAll()
            case .operator(let word):
                switch word {
                case "BDC":
                    stack.append((operands.last as? [String: Any])?["MCID"] as? Int)
                    artifacts.append(operands.first as? String == "/Artifact")
                case "BMC":
                    stack.append(nil)
                    artifacts.append(operands.first as? String == "/Artifact")
                case "EMC":
                    if !stack.isEmpty { stack.removeLast(); artifacts.removeLast() }
                case "Tf": if operands.count >= 2, let name = operands[operands.count - 2] as? String { font = fonts[name] ?? ToUnicodeMap("") }
                default: break
                }
                if Self.painting.contains(word) {
                    if stack.isEmpty { unmarkedPainting += 1 }
                    var shown = ""
                    for operand in operands {
                        if let string = operand as? [UInt8] { shown += font.text(of: string) }
                        if let array = operand as? [Any] { for item in array { if let string = item as? [UInt8] { shown += font.text(of: string) } } }
                    }
                    if word == "Do", let name = operands.last as? String, let form = forms[name] {
                        shown = ContentReading(form.data, fonts: form.fonts, forms: form.forms).shownText
                    }
                    shownText += shown
                    if artifacts.contains(true) {
                        artifactText += shown
                    } else if !shown.isEmpty, let mcid = stack.compactMap({ $0 }).last {
                        text[mcid, default: ""] += shown
                    }
                }
                operands.removeAll()
            }
        }
    }
}
