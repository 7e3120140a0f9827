import Text

/// Colour values in markup: the names of UIKit's colour class methods (`red` → `redColor`)
/// and hexadecimal `#rgb` / `#rrggbb`.
public enum ColorParser {
    /// UIKit's predefined colours, with the component values Apple documents for them.
    static let uiKitColors: [String: Color] = [
        "black": Color(white: 0),
        "darkgray": Color(white: 1.0 / 3.0),
        "lightgray": Color(white: 2.0 / 3.0),
        "white": Color(white: 1),
        "gray": Color(white: 0.5),
        "red": Color(red: 1, green: 0, blue: 0),
        "green": Color(red: 0, green: 1, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1),
        "cyan": Color(red: 0, green: 1, blue: 1),
        "yellow": Color(red: 1, green: 1, blue: 0),
        "magenta": Color(red: 1, green: 0, blue: 1),
        "orange": Color(red: 1, green: 0.5, blue: 0),
        "purple": Color(red: 0.5, green: 0, blue: 0.5),
        "brown": Color(red: 0.6, green: 0.4, blue: 0.2),
        "clear": Color.clear,
    ]

    public static var knownNames: [String] {
        ["black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow",
         "magenta", "orange", "purple", "brown", "clear"]
    }

    public static func parse(_ value: String) -> Color? {
        let trimmed = value.trimmingSpaces()
        if trimmed.hasPrefix("#") { return parseHex(trimmed.dropFirst()) }
        var name = trimmed.lowercased()
        // The tutorial calls `[UIColor <name>Color]`; accept the selector's spelling too.
        if name.hasSuffix("color"), name != "color" { name.removeLast(5) }
        return uiKitColors[name]
    }

    private static func parseHex(_ digits: Substring) -> Color? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let values = digits.compactMap { $0.hexDigitValue }
        switch values.count {
        case 3:
            return Color(red: Double(values[0] * 17) / 255, green: Double(values[1] * 17) / 255, blue: Double(values[2] * 17) / 255)
        case 6:
            return Color(red: Double(values[0] * 16 + values[1]) / 255,
                         green: Double(values[2] * 16 + values[3]) / 255,
                         blue: Double(values[4] * 16 + values[5]) / 255)
        default:
            return nil
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
