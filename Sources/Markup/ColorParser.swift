import Diagnostics
import Text

/// Colour values in markup: a name (UIKit's, then CSS's, any case), `#rgb`, `#rgba`,
/// `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or `rgba(r, g, b, a)`; for the press, `cmyk(c, m, y, k)`
/// and `gray(k)` in percent of each ink, or the name of a swatch declared before.
public enum ColorParser {
    /// UIKit's colour names, which the tutorial's documents use.
    public static var knownNames: [String] { ColorNames.uiKitSpellings }

    public static func parse(_ value: String) -> Color? {
        parse(value, swatches: nil)
    }

    /// `value` as a colour, a name of `swatches` first (tinted by its tag's tint).
    static func parse(_ value: String, swatches: SwatchBook?) -> Color? {
        let text = value.trimmingSpaces().lowercased()
        if let color = swatches?.color(named: text) { return color }
        if text.hasPrefix("#") { return parseHex(text.dropFirst()) }
        if text.hasPrefix("rgb") { return parseFunction(text) }
        if text.hasPrefix("cmyk(") || text.hasPrefix("gray(") || text.hasPrefix("grey(") { return parseInkFunction(text) }
        if let color = ColorNames.color(named: text) { return color }
        // The tutorial calls `[UIColor <name>Color]`; accept the selector's spelling too.
        if text.hasSuffix("color"), text.count > 5 { return ColorNames.color(named: String(text.dropLast(5))) }
        return nil
    }

    /// Why `value` is not a colour, for the error message.
    static func problem(with value: String, swatches: SwatchBook? = nil) -> String {
        let text = value.trimmingSpaces().lowercased()
        if text.hasPrefix("cmyk(") || text.hasPrefix("gray(") || text.hasPrefix("grey(") {
            return "unknown color \"\(value.clipped)\" (expected cmyk(c, m, y, k) or gray(k): each ink from 0% to 100%)"
        }
        if text.hasPrefix("#") {
            return "unknown color \"\(value.clipped)\" (a hex colour is # and 3, 4, 6 or 8 hex digits: #rgb, #rgba, #rrggbb, #rrggbbaa)"
        }
        if text.hasPrefix("rgb") {
            return "unknown color \"\(value.clipped)\" (expected rgb(r, g, b) or rgba(r, g, b, a): r, g, b from 0 to 255 or 0% to 100%, a from 0 to 1 or 0% to 100%)"
        }
        let swatchNames = swatches?.names ?? []
        let hint = Suggestion.closest(to: text, among: swatchNames + ColorNames.allNames).map { "did you mean '\($0)'? " } ?? ""
        let declared = swatchNames.isEmpty ? "" : "; swatches: \(swatchNames.prefix(8).joined(separator: ", "))\(swatchNames.count > 8 ? ", …" : "")"
        return "unknown color \"\(value.clipped)\" (\(hint)expected a swatch's name, a name such as red or darkGray, #rrggbb, rgb(r, g, b), cmyk(c, m, y, k) or gray(k)\(declared))"
    }

    private static func parseHex(_ digits: Substring) -> Color? {
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
        let values = digits.compactMap { $0.hexDigitValue }.map(Double.init)
        switch values.count {
        case 3, 4:
            let channels = values.map { $0 * 17 / 255 }
            return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: values.count == 4 ? channels[3] : 1)
        case 6, 8:
            let channels = stride(from: 0, to: values.count, by: 2).map { (values[$0] * 16 + values[$0 + 1]) / 255 }
            return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: values.count == 8 ? channels[3] : 1)
        default:
            return nil
        }
    }

    /// `rgb(…)` / `rgba(…)` with three or four components, separated by commas or spaces
    /// (CSS's `rgb(255 0 0 / 50%)` too).
    private static func parseFunction(_ text: String) -> Color? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].trimmingSpaces()
        guard name == "rgb" || name == "rgba" else { return nil }
        let inside = text[text.index(after: open) ..< text.index(before: text.endIndex)]
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" }).map(String.init)
        guard parts.count == 3 || parts.count == 4 else { return nil }
        var channels: [Double] = []
        for part in parts.prefix(3) {
            guard let channel = component(part, scale: 255) else { return nil }
            channels.append(channel)
        }
        let alpha = parts.count == 4 ? component(parts[3], scale: 1) : 1
        guard let alpha else { return nil }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    /// `cmyk(c, m, y, k)` or `gray(k)` (also `grey`), each ink in percent, `%` optional:
    /// `cmyk(0%, 90%, 85%, 0%)`, `gray(30%)` (30 % black, a light grey).
    private static func parseInkFunction(_ text: String) -> Color? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let name = text[..<open].trimmingSpaces()
        let inside = text[text.index(after: open) ..< text.index(before: text.endIndex)]
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        let inks = parts.compactMap(percentage)
        guard inks.count == parts.count else { return nil }
        switch (name, inks.count) {
        case ("cmyk", 4): return ProcessInkLook.color(printed: .cmyk(CMYK(cyan: inks[0], magenta: inks[1], yellow: inks[2], black: inks[3])))
        case ("gray", 1), ("grey", 1): return ProcessInkLook.color(printed: .gray(inks[0]))
        default: return nil
        }
    }

    /// A percentage from 0 to 100, its `%` optional, as a fraction 0...1.
    static func percentage(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = NumberSyntax.parse(digits), (0 ... 100).contains(value) else { return nil }
        return value / 100
    }

    /// A number from 0 to `scale`, or a percentage, as a fraction 0...1.
    private static func component(_ text: String, scale: Double) -> Double? {
        let isPercentage = text.hasSuffix("%")
        guard let value = NumberSyntax.parse(isPercentage ? String(text.dropLast()) : text) else { return nil }
        let fraction = isPercentage ? value / 100 : value / scale
        return (0 ... 1).contains(fraction) ? fraction : nil
    }
}
