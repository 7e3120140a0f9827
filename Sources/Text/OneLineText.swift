/// Text as a title reads on one line — a bookmark, the PDF's Title and Author, a running
/// head's `{title}`: every run of white space, line ends, `<br>`s and control characters one
/// space, what a reader does not see left out (soft hyphens, pictures, zero-width spaces, word
/// joiners), the ends trimmed.
public enum OneLineText {
    public static func make(_ text: String) -> String {
        var line = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00AD, 0xFFFC, 0x200B, 0x2060:
                continue
            default:
                if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                    pendingSpace = !line.isEmpty
                    continue
                }
            }
            if pendingSpace { line.append(" ") }
            pendingSpace = false
            line.unicodeScalars.append(scalar)
        }
        return line
    }
}
