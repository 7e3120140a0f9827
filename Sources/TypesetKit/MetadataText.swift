/// A title, an author or a subject as the PDF's document information, its XMP and the running
/// heads all take it: control characters (a `&#13;`, a `&#1;`, a tab) become spaces, runs of
/// white space one space, and the ends are trimmed. The Info dictionary kept a `\r` that XMP
/// wrote as `\n`, XMP dropped characters Info kept, and a title of control characters alone
/// passed PDF/UA's "has a title". Nothing left: no value (`--title ""` takes the document's away).
enum MetadataText {
    static func cleaned(_ value: String?) -> String? {
        guard let value else { return nil }
        var result = ""
        var pendingSpace = false
        for scalar in value.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result.isEmpty ? nil : result
    }
}
