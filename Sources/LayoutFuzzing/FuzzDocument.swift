import Foundation
import Pages
import Render
import TypesetKit

/// The command-line options a generated document is set with: the page's design, which
/// `typeset` takes from its options rather than from the markup.
public struct FuzzOptions: Hashable, Sendable {
    public var pageWidth: Double
    public var pageHeight: Double
    public var margin: Double
    public var columns: Int
    public var gutter: Double
    public var fontSize: Double
    /// `--baseline-grid`, nil for none.
    public var baselineGrid: Double?
    /// `--bleed`, 0 for none.
    public var bleed: Double

    public init(pageWidth: Double = 595, pageHeight: Double = 842, margin: Double = 56, columns: Int = 2, gutter: Double = 18,
                fontSize: Double = 11, baselineGrid: Double? = nil, bleed: Double = 0) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.margin = margin
        self.columns = columns
        self.gutter = gutter
        self.fontSize = fontSize
        self.baselineGrid = baselineGrid
        self.bleed = bleed
    }

    /// The options as `typeset` takes them, so that a finding can be set again by hand.
    public var arguments: [String] {
        var arguments = ["--page-size", "\(Self.format(pageWidth))x\(Self.format(pageHeight))", "--margin", Self.format(margin),
                         "--columns", "\(columns)", "--gutter", Self.format(gutter), "--font-size", Self.format(fontSize), "--min-ppi", "0"]
        if let baselineGrid { arguments += ["--baseline-grid", Self.format(baselineGrid)] }
        if bleed > 0 { arguments += ["--bleed", Self.format(bleed)] }
        return arguments
    }

    /// The options read back from `arguments` (as a fixture's first line writes them); nil
    /// when one is not understood.
    public init?(arguments: [String]) {
        self.init()
        var index = 0
        while index + 1 < arguments.count {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--page-size":
                let sides = value.split(separator: "x").compactMap { Double($0) }
                guard sides.count == 2 else { return nil }
                (pageWidth, pageHeight) = (sides[0], sides[1])
            case "--margin": guard let number = Double(value) else { return nil }; margin = number
            case "--columns": guard let number = Int(value) else { return nil }; columns = number
            case "--gutter": guard let number = Double(value) else { return nil }; gutter = number
            case "--font-size": guard let number = Double(value) else { return nil }; fontSize = number
            case "--baseline-grid": guard let number = Double(value) else { return nil }; baselineGrid = number
            case "--bleed": guard let number = Double(value) else { return nil }; bleed = number
            case "--min-ppi": break
            default: return nil
            }
            index += 2
        }
        if index != arguments.count { return nil }
    }

    /// The options for an in-process run, with the bundled fonts from `fontsDirectory`.
    public func typesetOptions(fontsDirectory: String) -> TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = fontsDirectory
        options.page = PageTemplate(size: Size(width: pageWidth, height: pageHeight), margins: Margins(all: margin),
                                    columns: columns, gutter: gutter)
        options.page.baselineGrid = baselineGrid
        options.sheet = PrintSheet(bleed: bleed)
        options.fontSize = fontSize
        // The zombie pictures are small: resolution warnings would be noise.
        options.minimumPictureResolution = 0
        return options
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(format: "%g", number)
    }
}

/// One generated document: its markup, line by line (the unit the shrinker removes first), and
/// the options it is set with.
public struct FuzzDocument: Hashable, Sendable {
    public var lines: [String]
    public var options: FuzzOptions

    public init(lines: [String], options: FuzzOptions) {
        self.lines = lines
        self.options = options
    }

    public var markup: String { lines.joined(separator: "\n") + "\n" }

    /// The first line of a fixture: the options, in a comment that `typeset` passes over.
    static let optionsPrefix = "<!-- typeset "

    /// The document as a fixture file: a comment line naming the seed and the kind of finding
    /// (the line the fixture tests read), one with the finding's message, one with the
    /// options, then the markup.
    public func fixtureText(seed: UInt64, finding: LayoutFinding) -> String {
        func comment(_ text: String) -> String {
            text.replacingOccurrences(of: "--", with: "- -").replacingOccurrences(of: "\n", with: " ")
        }
        return "<!-- layout fuzz: seed \(seed): \(comment(finding.kind)) -->\n<!-- found: \(comment(finding.message)) -->\n"
            + Self.optionsPrefix + options.arguments.joined(separator: " ") + " -->\n" + markup
    }

    /// The kind of finding a fixture is kept for, from its first line
    /// (`<!-- layout fuzz: seed N: KIND -->`).
    public var fixtureKind: String? {
        guard let first = lines.first, first.hasPrefix("<!-- layout fuzz: "), first.hasSuffix(" -->") else { return nil }
        let note = first.dropFirst("<!-- layout fuzz: ".count).dropLast(" -->".count)
        return note.components(separatedBy: ": ").dropFirst().joined(separator: ": ")
    }

    /// The seed a fixture's document was shrunk from, from its first line.
    public var fixtureSeed: UInt64? {
        guard let first = lines.first, first.hasPrefix("<!-- layout fuzz: seed ") else { return nil }
        return UInt64(first.dropFirst("<!-- layout fuzz: seed ".count).prefix { $0.isNumber })
    }

    /// A fixture file read back: its options from the comment `fixtureText` writes (the
    /// defaults without it) and its markup, comments included (they print nothing).
    public init?(fixture text: String) {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var options = FuzzOptions()
        if let line = lines.first(where: { $0.hasPrefix(Self.optionsPrefix) }) {
            let arguments = line.dropFirst(Self.optionsPrefix.count).replacingOccurrences(of: "-->", with: "")
                .split(separator: " ").map(String.init)
            guard let read = FuzzOptions(arguments: arguments) else { return nil }
            options = read
        }
        self.init(lines: lines, options: options)
    }
}
