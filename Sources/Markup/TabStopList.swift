import Text

/// The `tabs` attribute: `72 left, 144 right, 200 center, 260 decimal` — positions (lengths,
/// points when bare: `25mm right`) from the column's left edge, each with an alignment (left when left out). A decimal stop
/// may name the character it aligns on after the word: `260 decimal ,`. That character is
/// taken for the separator only when the value ends or another comma follows it, so
/// `260 decimal , 300 right` is two stops, the first aligning on '.'. A stop may end with its
/// leader, what fills the tab's room up to it: `end right leader=.` (dots; `-` dashes, `_` a rule).
enum TabStopList {
    static func parse(_ attribute: TagAttribute, _ values: ValueReader) -> [TabStop]? {
        let text = Array(attribute.trimmedValue)
        if String(text).lowercased() == "none" { return [] }
        var stops: [TabStop] = []
        var index = 0
        func skipSpaces() { while index < text.count, text[index] == " " || text[index] == "\t" { index += 1 } }
        func word(while accepted: (Character) -> Bool) -> String {
            let start = index
            while index < text.count, accepted(text[index]) { index += 1 }
            return String(text[start ..< index])
        }
        func fail(_ problem: String) -> [TabStop]? {
            values.error("tabs must be a list such as \"72 left, 144 right, 260 decimal\": \(problem)", at: attribute)
            return nil
        }

        while true {
            skipSpaces()
            let position = word { $0 != " " && $0 != "\t" && $0 != "," }.lowercased()
            // `end`: the line's right end, wherever the column and indents put it.
            let location: Double
            if position == "end" {
                location = TabStop.lineEnd
            } else if let length = try? Length(parsing: position) {
                location = length.points
            } else {
                return fail(position.isEmpty ? "a position is missing"
                            : "\"\(position.clipped)\" is not a position (a length such as 72, 72pt or 25mm) or end")
            }
            guard location == TabStop.lineEnd || (0 ... ParagraphStyleChange.maximumLength).contains(location) else {
                return fail("position \(ValueReader.format(location)) is outside 0 to \(ValueReader.format(ParagraphStyleChange.maximumLength)) pt")
            }
            var stop = TabStop(location: location, sourceOffset: attribute.valueOffset)
            skipSpaces()
            let beforeAlignment = index
            let alignmentWord = word { $0.isLetter }.lowercased()
            if alignmentWord == "leader" {
                index = beforeAlignment   // a left stop with a leader
            } else if !alignmentWord.isEmpty {
                guard let alignment = TabAlignment(rawValue: alignmentWord) else {
                    return fail("\"\(alignmentWord)\" is not left, right, center or decimal")
                }
                stop.alignment = alignment
            }
            skipSpaces()
            if stop.alignment == .decimal, index < text.count, !text[index].isLetter, !text[index].isNumber,
               text[index] != "," || separatorComma(at: index, in: text) {
                stop.decimalSeparator = text[index]
                index += 1
                skipSpaces()
            }
            let beforeLeader = index
            if word(while: { $0.isLetter }).lowercased() != "leader" {
                index = beforeLeader
            } else {
                guard index + 1 < text.count, text[index] == "=", let leader = TabLeader(rawValue: String(text[index + 1])) else {
                    let given = index + 1 < text.count && text[index] == "=" ? "\"\(text[index + 1])\"" : "nothing"
                    return fail("a leader is leader=. (dots), leader=- (dashes) or leader=_ (a rule), not \(given)")
                }
                stop.leader = leader
                index += 2
                skipSpaces()
            }
            stops.append(stop)
            if index == text.count { break }
            guard text[index] == "," else { return fail("expected ',' before \"\(String(text[index...]).clipped)\"") }
            index += 1
        }
        return stops.sorted { $0.location < $1.location }
    }

    /// Whether the comma at `index` ends the value or is followed by another comma.
    private static func separatorComma(at index: Int, in text: [Character]) -> Bool {
        let rest = text[(index + 1)...].drop { $0 == " " || $0 == "\t" }
        return rest.isEmpty || rest.first == ","
    }
}
