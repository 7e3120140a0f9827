extension String {
    /// The text with each control character written as an escape (`\n`, `\r`, `\t`, else
    /// `\u{1B}`): a message is one line whatever a name it quotes holds (`src="a&#10;b.png"`
    /// printed a line break inside `--diagnostic-format short`'s one-line message), and no
    /// name sends a terminal an escape sequence. JSON messages keep the text: JSON escapes it.
    public var controlCharactersEscaped: String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.isControl: escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

private extension Unicode.Scalar {
    var isControl: Bool { properties.generalCategory == .control }
}
