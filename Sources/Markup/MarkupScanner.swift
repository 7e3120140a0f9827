import Diagnostics

/// Splits markup into text and tags. A `<` starts a tag when a letter, `/` or `!` follows it;
/// any other `<` is text. Problems go to `diagnostics` and scanning goes on after them.
struct MarkupScanner {
    let source: MarkupSource
    private(set) var diagnostics: [Diagnostic] = []
    private var position = 0
    private var units: [UInt16] { source.units }

    init(source: MarkupSource) {
        self.source = source
    }

    /// The next token, or nil at the end. Tokens are made one at a time, so a large
    /// document is never held twice over as a token list.
    mutating func next() -> MarkupToken? {
        var text: [UInt16] = []
        var textStart = position
        while position < units.count {
            let unit = units[position]
            if unit == ascii("<"), startsTag(at: position) {
                if !text.isEmpty { return .text(text, offset: textStart) }
                if startsComment(at: position) {
                    skipComment()
                } else if let tag = scanTag() {
                    return .tag(tag)
                }
                textStart = position
            } else if unit == ascii("&"), let (decoded, length) = EntityDecoder.decode(units, at: position) {
                text.append(contentsOf: decoded)
                position += length
            } else {
                text.append(unit)
                position += 1
            }
        }
        return text.isEmpty ? nil : .text(text, offset: textStart)
    }

    private func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }

    private func isLetter(_ unit: UInt16) -> Bool {
        (0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit)
    }

    private func isNameCharacter(_ unit: UInt16) -> Bool {
        isLetter(unit) || (0x30 ... 0x39).contains(unit) || unit == ascii("-") || unit == ascii("_") || unit == ascii(":")
    }

    private func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A
    }

    private func startsTag(at offset: Int) -> Bool {
        guard offset + 1 < units.count else { return false }
        let next = units[offset + 1]
        return isLetter(next) || next == ascii("/") || next == ascii("!")
    }

    private func startsComment(at offset: Int) -> Bool {
        offset + 3 < units.count && units[offset + 1] == ascii("!") && units[offset + 2] == ascii("-") && units[offset + 3] == ascii("-")
    }

    private mutating func skipComment() {
        let start = position
        position += 4
        while position + 2 < units.count {
            if units[position] == ascii("-"), units[position + 1] == ascii("-"), units[position + 2] == ascii(">") {
                position += 3
                return
            }
            position += 1
        }
        diagnostics.append(source.diagnostic(.error, "unterminated comment: expected '-->'", at: start))
        position = units.count
    }

    private mutating func skipSpaces() {
        while position < units.count, isSpace(units[position]) { position += 1 }
    }

    private mutating func scanName() -> String {
        let start = position
        while position < units.count, isNameCharacter(units[position]) { position += 1 }
        return source.string(start ..< position)
    }

    /// Scans `<name attr="value" …>` from the `<` at `position`. Returns nil after reporting
    /// a malformed tag; scanning resumes after it.
    private mutating func scanTag() -> Tag? {
        let start = position
        position += 1
        var isClosing = false
        if units[position] == ascii("/") { isClosing = true; position += 1 }
        if units[position] == ascii("!") {
            diagnostics.append(source.diagnostic(.error, "unexpected '<!': only comments '<!-- … -->' are allowed", at: start))
            skipToTagEnd()
            return nil
        }
        let name = scanName().lowercased()
        if name.isEmpty {
            diagnostics.append(source.diagnostic(.error, "expected a tag name after '<'", at: start + 1))
            skipToTagEnd()
            return nil
        }
        var attributes: [TagAttribute] = []
        while true {
            skipSpaces()
            guard position < units.count, units[position] != ascii("<") else {
                diagnostics.append(source.diagnostic(.error, "unterminated tag <\(isClosing ? "/" : "")\(name): expected '>'", at: start))
                return nil
            }
            let unit = units[position]
            if unit == ascii(">") { position += 1; break }
            if unit == ascii("/"), position + 1 < units.count, units[position + 1] == ascii(">") { position += 2; break }
            let nameOffset = position
            let attributeName = scanName()
            if attributeName.isEmpty {
                let found = source.string(position ..< position + 1)
                diagnostics.append(source.diagnostic(.error, "unexpected '\(found)' in tag <\(name)>: expected an attribute name or '>'", at: position))
                skipToTagEnd()
                return nil
            }
            skipSpaces()
            guard position < units.count, units[position] == ascii("=") else {
                // A bare attribute (`<nobr>`-style flag) has an empty value.
                attributes.append(TagAttribute(name: attributeName, value: "", nameOffset: nameOffset, valueOffset: nameOffset))
                continue
            }
            position += 1
            skipSpaces()
            guard let (value, valueOffset) = scanAttributeValue(tagName: name, attributeName: attributeName) else {
                skipToTagEnd()
                return nil
            }
            attributes.append(TagAttribute(name: attributeName, value: value, nameOffset: nameOffset, valueOffset: valueOffset))
        }
        return Tag(name: name, isClosing: isClosing, attributes: attributes, offset: start)
    }

    private mutating func scanAttributeValue(tagName: String, attributeName: String) -> (String, Int)? {
        guard position < units.count else {
            diagnostics.append(source.diagnostic(.error, "expected a value for '\(attributeName)'", at: position))
            return nil
        }
        let quote = units[position]
        if quote == ascii("\"") || quote == ascii("'") {
            let valueStart = position + 1
            position += 1
            while position < units.count, units[position] != quote {
                if units[position] == 0x0A {
                    diagnostics.append(source.diagnostic(.error, "unterminated value of '\(attributeName)': expected a closing quote", at: valueStart - 1))
                    return nil
                }
                position += 1
            }
            guard position < units.count else {
                diagnostics.append(source.diagnostic(.error, "unterminated value of '\(attributeName)': expected a closing quote", at: valueStart - 1))
                return nil
            }
            let raw = Array(units[valueStart ..< position])
            position += 1
            return (String(decoding: EntityDecoder.decodeAll(raw), as: UTF16.self), valueStart)
        }
        let valueStart = position
        while position < units.count, !isSpace(units[position]), units[position] != ascii(">"), units[position] != ascii("<") {
            position += 1
        }
        if position == valueStart {
            diagnostics.append(source.diagnostic(.error, "expected a value after '\(attributeName)='", at: valueStart))
            return nil
        }
        return (source.string(valueStart ..< position), valueStart)
    }

    private mutating func skipToTagEnd() {
        while position < units.count, units[position] != ascii(">"), units[position] != 0x0A { position += 1 }
        if position < units.count, units[position] == ascii(">") { position += 1 }
    }
}
