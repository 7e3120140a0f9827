/// The title a paragraph gets in a PDF's bookmarks: its text on one line, as a reader would
/// type it, and short enough for a viewer's sidebar.
public enum BookmarkTitle {
    /// Titles longer than this many characters are cut at a word and end in "…".
    public static let maximumLength = 120

    /// `units` (a paragraph's text) with every run of white space, line ends and `<br>`s made
    /// one space, soft hyphens and pictures left out, and the ends trimmed.
    public static func make(from units: ArraySlice<UInt16>) -> String {
        var title = ""
        var pendingSpace = false
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            switch scalar.value {
            case 0x00AD, 0xFFFC, 0x200B, 0x2060:
                // Soft hyphen, picture, zero-width space, word joiner: nothing a reader sees in a title.
                continue
            default:
                if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                    pendingSpace = !title.isEmpty
                    continue
                }
            }
            if pendingSpace { title.append(" ") }
            pendingSpace = false
            title.unicodeScalars.append(scalar)
        }
        return shortened(title)
    }

    /// Cut after `maximumLength` characters, at the last space in the final quarter when
    /// there is one, so that a word is not split.
    private static func shortened(_ title: String) -> String {
        guard title.count > maximumLength else { return title }
        var cut = title.prefix(maximumLength)
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < maximumLength / 4 {
            cut = cut[..<space]
        }
        return cut + "…"
    }
}
