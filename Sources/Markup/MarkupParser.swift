import Diagnostics
import Foundation
import Images
import Text

/// Builds attributed text from the Core Text tutorial's markup:
///
/// - `<font face="…" color="…" strokeColor="…" size="…">` changes the style of the text after
///   it; attributes left out keep their value. `</font>` returns to the style before the
///   matching `<font>`. `strokeColor="none"` ends outlining.
/// - `<img src="…" width="…" height="…">` places a picture inline: one U+FFFC character with
///   a run delegate of ascent `height`, descent 0 and width `width`.
/// - A newline ends a paragraph.
public struct MarkupParser {
    public var defaults: MarkupDefaults
    /// Folder that `<img src>` paths are relative to.
    public var baseDirectory: String
    /// Pictures must lie inside this folder (symbolic links resolved); `baseDirectory` when nil.
    public var imageRoot: String?

    public static let maximumFontSize = 1000.0

    public init(defaults: MarkupDefaults, baseDirectory: String, imageRoot: String? = nil) {
        self.defaults = defaults
        self.baseDirectory = baseDirectory
        self.imageRoot = imageRoot
    }

    public func parse(_ source: MarkupSource) -> MarkupDocument {
        var state = ParseState(source: source, defaults: defaults, baseDirectory: baseDirectory)
        var scanner = MarkupScanner(source: source)
        while let token = scanner.next() {
            switch token {
            case .text(let units, _):
                state.text.append(utf16: units, attributes: state.current)
            case .tag(let tag):
                state.apply(tag)
            }
        }
        let diagnostics = (scanner.diagnostics + state.diagnostics).sorted(by: Self.sourceOrder)
        return MarkupDocument(text: state.text, fontRequests: state.fontRequests, diagnostics: diagnostics)
    }

    private static func sourceOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        guard let la = a.location, let lb = b.location else { return a.location != nil && b.location == nil }
        return (la.line, la.column) < (lb.line, lb.column)
    }
}

/// The parser's running state: the text so far and the style stack.
private struct ParseState {
    let source: MarkupSource
    let baseDirectory: String
    var text: AttributedText
    var current: TextAttributes
    /// Styles saved by each open `<font>`, restored by `</font>`.
    var fontStack: [TextAttributes] = []
    var fontRequests: [FontRequest] = []
    var requestedFamilies: Set<String> = []
    var diagnostics: [Diagnostic] = []

    init(source: MarkupSource, defaults: MarkupDefaults, baseDirectory: String) {
        self.source = source
        self.baseDirectory = baseDirectory
        text = AttributedText(defaultParagraphStyle: defaults.paragraphStyle)
        current = defaults.attributes
        noteFamily(defaults.attributes.fontFamily, at: nil)
    }

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, at offset: Int) {
        diagnostics.append(source.diagnostic(severity, message, at: offset))
    }

    mutating func noteFamily(_ family: String, at offset: Int?) {
        guard requestedFamilies.insert(family.lowercased()).inserted else { return }
        fontRequests.append(FontRequest(descriptor: FontDescriptor(family: family),
                                        location: offset.map { source.location(of: $0) },
                                        sourceLine: offset.map { source.lineText(containing: $0) }))
    }

    mutating func apply(_ tag: Tag) {
        switch (tag.name, tag.isClosing) {
        case ("font", false): openFont(tag)
        case ("font", true): closeFont(tag)
        case ("img", false): insertImage(tag)
        case ("img", true): report(.warning, "</img> has no effect: <img> needs no closing tag", at: tag.offset)
        default:
            report(.warning, "unknown tag <\(tag.isClosing ? "/" : "")\(tag.name)> ignored (known: <font>, </font>, <img>)", at: tag.offset)
        }
    }

    mutating func closeFont(_ tag: Tag) {
        guard let saved = fontStack.popLast() else {
            report(.warning, "</font> without a matching <font>", at: tag.offset)
            return
        }
        current = saved
    }

    mutating func openFont(_ tag: Tag) {
        fontStack.append(current)
        for attribute in tag.attributes {
            switch attribute.name.lowercased() {
            case "face":
                let family = attribute.value.trimmingSpaces()
                if family.isEmpty {
                    report(.error, "empty font face", at: attribute.valueOffset)
                } else {
                    current.fontFamily = family
                    noteFamily(family, at: attribute.valueOffset)
                }
            case "color":
                if let color = parseColor(attribute) { current.color = color }
            case "strokecolor":
                if attribute.value.trimmingSpaces().lowercased() == "none" {
                    current.stroke = nil
                } else if let color = parseColor(attribute) {
                    current.stroke = Stroke(color: color)
                }
            case "size":
                if let size = parseLength(attribute, maximum: MarkupParser.maximumFontSize, allowZero: false) {
                    current.fontSize = size
                }
            default:
                report(.warning, "unknown attribute '\(attribute.name)' of <font> ignored (known: face, color, strokeColor, size)",
                       at: attribute.nameOffset)
            }
        }
    }

    mutating func parseColor(_ attribute: TagAttribute) -> Color? {
        if let color = ColorParser.parse(attribute.value) { return color }
        report(.error, "unknown color \"\(attribute.value)\" (expected one of \(ColorParser.knownNames.joined(separator: ", ")), or #rrggbb)",
               at: attribute.valueOffset)
        return nil
    }

    /// A number of points: positive, at most `maximum`.
    mutating func parseLength(_ attribute: TagAttribute, maximum: Double, allowZero: Bool) -> Double? {
        var text = attribute.value.trimmingSpaces()
        if text.hasSuffix("pt") { text.removeLast(2) }
        guard let value = Double(text), value.isFinite else {
            report(.error, "\(attribute.name) must be a number, not \"\(attribute.value)\"", at: attribute.valueOffset)
            return nil
        }
        guard value > 0 || (allowZero && value == 0) else {
            report(.error, "\(attribute.name) must be greater than 0, not \(text)", at: attribute.valueOffset)
            return nil
        }
        guard value <= maximum else {
            report(.error, "\(attribute.name) \(text) is too large (at most \(Int(maximum)) pt)", at: attribute.valueOffset)
            return nil
        }
        return value
    }

    mutating func insertImage(_ tag: Tag) {
        var width: Double?
        var height: Double?
        var sourcePath: TagAttribute?
        var valid = true
        for attribute in tag.attributes {
            switch attribute.name.lowercased() {
            case "src": sourcePath = attribute
            case "width":
                width = parseLength(attribute, maximum: 14_400, allowZero: false)
                valid = valid && width != nil
            case "height":
                height = parseLength(attribute, maximum: 14_400, allowZero: false)
                valid = valid && height != nil
            default:
                report(.warning, "unknown attribute '\(attribute.name)' of <img> ignored (known: src, width, height)",
                       at: attribute.nameOffset)
            }
        }
        guard let sourcePath, !sourcePath.value.isEmpty else {
            report(.error, "<img> needs a src attribute naming a JPEG or PNG file", at: tag.offset)
            return
        }
        let path = resolve(sourcePath.value)
        let info: ImageInfo
        do {
            info = try ImageInfo.probe(path: path)
        } catch let error as ImageProbeError {
            if case .unreadable = error, !FileManager.default.fileExists(atPath: path) {
                report(.error, "image \"\(sourcePath.value)\" not found (looked for \(path))", at: sourcePath.valueOffset)
            } else {
                report(.error, "image \"\(sourcePath.value)\": \(error)", at: sourcePath.valueOffset)
            }
            return
        } catch {
            report(.error, "image \"\(sourcePath.value)\": \(error)", at: sourcePath.valueOffset)
            return
        }
        guard valid else { return }
        // A missing dimension follows the picture's own proportions (1 pixel = 1 pt when both are missing).
        let aspect = Double(info.pixelWidth) / Double(info.pixelHeight)
        let finalWidth = width ?? height.map { $0 * aspect } ?? Double(info.pixelWidth)
        let finalHeight = height ?? width.map { $0 / aspect } ?? Double(info.pixelHeight)
        let attachment = ImageAttachment(path: path, location: source.location(of: tag.offset))
        text.appendAttachment(attachment, delegate: RunDelegate(ascent: finalHeight, descent: 0, width: finalWidth),
                              attributes: current)
    }

    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).standardizedFileURL.path
    }
}
