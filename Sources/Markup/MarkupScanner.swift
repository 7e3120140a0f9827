/// Splits markup into text and tags. A `<` starts a tag when a letter, `/` or `!` follows it;
/// any other `<` is text. Problems are reported and scanning goes on after them.
struct MarkupScanner {
    /// The file scanned, its own units at their offsets in the issue's space.
    let file: ScannedFile
    let diagnostics: MarkupDiagnostics
    /// Where the file's units end.
    private let end: Int
    private(set) var position = 0

    /// Scans `file` from `start` (its first unit when nil).
    init(file: ScannedFile, diagnostics: MarkupDiagnostics, from start: Int? = nil) {
        self.file = file
        self.diagnostics = diagnostics
        end = file.end
        position = start ?? file.base
    }

    /// Whether the last unit read ends a line: what has been read then depends on the units
    /// before `position` alone (a tag or a reference is never read past its line's end there).
    var isAtLineStart: Bool { position > file.base && file[position - 1] == 0x0A }

    /// Scans the whole of `source`, a document or a style sheet read on its own.
    init(source: MarkupSource, diagnostics: MarkupDiagnostics) {
        self.init(file: ScannedFile(units: source.units, base: 0), diagnostics: diagnostics)
    }

    /// The next token, or nil at the end. Tokens are made one at a time, so a large
    /// document is never held twice over as a token list. Text goes into `text`, emptied
    /// first and its room kept: when the caller holds no other copy of it by then, a line of
    /// text costs no allocation.
    mutating func next(text: inout SourcedText) -> MarkupToken? {
        text.removeAll()
        while position < end {
            let unit = file[position]
            if unit == Self.lessThan, startsTag(at: position) {
                if !text.isEmpty { return .text }
                if startsComment(at: position) {
                    let start = position
                    skipComment()
                    return .comment(offset: start)
                }
                if let tag = scanTag() { return .tag(tag) }
            } else if unit == Self.ampersand {
                let (characters, next) = reference(at: position, end: end)
                if let characters {
                    text.append(characters, madeAt: position)
                } else {
                    text.append(copying: position ..< position + 1, of: file)
                }
                position = next
            } else if unit == 0 {
                position = skipNULs(at: position, end: end)
            } else if let length = noncharacterLength(at: position, end: end) {
                text.append([Self.replacementCharacter], madeAt: position)
                position += length
            } else {
                // Ordinary characters are copied a stretch at a time, up to a line end: a
                // document without tags is not copied whole into one token.
                let start = position
                position += 1
                if unit != 0x0A {
                    position = stretchEnd(from: position)
                    if position < end, file[position] == 0x0A { position += 1 }
                }
                text.append(copying: start ..< position, of: file)
                if file[position - 1] == 0x0A { return .text }
            }
        }
        return text.isEmpty ? nil : .text
    }

    /// Where the ordinary characters from `start` end: at the first unit that needs a look of
    /// its own, or at the end. The loop every character of plain text goes through.
    private func stretchEnd(from start: Int) -> Int {
        let base = file.base
        return base + file.units.stretchEnd(from: start - base, endsStretch: Self.endsStretch)
    }

    /// Whether `unit` needs a look of its own: a tag, a reference, a NUL, a noncharacter; a
    /// line end ends a token. Two comparisons for most characters.
    private static func endsStretch(_ unit: UInt16) -> Bool {
        if unit < 0x40 { return stopsBelow0x40 & (1 << UInt64(unit)) != 0 }
        return unit >= 0xD800 && Noncharacters.mayStart(unit)
    }

    /// NUL, line feed, `&` and `<`, the units below 0x40 that end a stretch, as bits.
    private static let stopsBelow0x40: UInt64 = 1 << 0x00 | 1 << 0x0A | 1 << 0x26 | 1 << 0x3C

    private static let lessThan: UInt16 = 0x3C
    private static let greaterThan: UInt16 = 0x3E
    private static let ampersand: UInt16 = 0x26
    private static let slash: UInt16 = 0x2F
    private static let equals: UInt16 = 0x3D
    private static let replacementCharacter: UInt16 = 0xFFFD

    /// The characters of the reference at `offset` and where scanning goes on; nil characters
    /// when the `&` is text: an ordinary `&`, or a reference that is not valid (with a warning).
    private func reference(at offset: Int, end: Int) -> (characters: [UInt16]?, next: Int) {
        switch EntityDecoder.decode(file.units, at: offset - file.base, end: end - file.base) {
        case .character(let decoded, let length)?:
            return (decoded, offset + length)
        case .invalid(let message)?:
            diagnostics.warning(message, at: offset)
            return (nil, offset + 1)
        case nil:
            return (nil, offset + 1)
        }
    }

    /// Reports a run of NUL characters once (a UTF-16 file read as UTF-8 is full of them).
    private func skipNULs(at offset: Int, end: Int) -> Int {
        diagnostics.error("NUL character in the text (the file must be UTF-8 text, not UTF-16 or binary)", at: offset)
        var cursor = offset
        while cursor < end, file[cursor] == 0 { cursor += 1 }
        return cursor
    }

    /// The length of the noncharacter at `offset`, reported with a warning: it prints as
    /// U+FFFD, the mark of a character that could not be shown, and the page is still made.
    private func noncharacterLength(at offset: Int, end: Int) -> Int? {
        guard let length = Noncharacters.length(in: file.units, at: offset - file.base, end: end - file.base) else { return nil }
        let name = Noncharacters.name(of: file.units[offset - file.base ..< offset - file.base + length])
        diagnostics.warning("\(name) is a noncharacter, which cannot be printed; replaced by U+FFFD", at: offset)
        return length
    }

    private func isLetter(_ unit: UInt16) -> Bool {
        (0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit)
    }

    private func isNameCharacter(_ unit: UInt16) -> Bool {
        isLetter(unit) || (0x30 ... 0x39).contains(unit) || unit == 0x2D || unit == 0x5F || unit == 0x3A   // - _ :
    }

    private func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A
    }

    private func startsTag(at offset: Int) -> Bool {
        guard offset + 1 < end else { return false }
        let next = file[offset + 1]
        return isLetter(next) || next == Self.slash || next == 0x21   // !
    }

    private func startsComment(at offset: Int) -> Bool {
        offset + 3 < end && file[offset + 1] == 0x21 && file[offset + 2] == 0x2D && file[offset + 3] == 0x2D
    }

    private mutating func skipComment() {
        let start = position
        position += 4
        while position + 2 < end {
            if file[position] == 0x2D, file[position + 1] == 0x2D, file[position + 2] == Self.greaterThan {
                position += 3
                return
            }
            position += 1
        }
        diagnostics.error("unterminated comment: expected '-->'", at: start)
        position = end
    }

    private mutating func skipSpaces() {
        while position < end, isSpace(file[position]) { position += 1 }
    }

    private mutating func scanName() -> String {
        let start = position
        while position < end, isNameCharacter(file[position]) { position += 1 }
        // Name characters are ASCII, each unit the one byte of its UTF-8: copied as bytes, not
        // through the standard library's transcoding from UTF-16 (some 2,800 instructions a name).
        let file = file, end = position
        return String(unsafeUninitializedCapacity: end - start) { bytes in
            for index in start ..< end { bytes[index - start] = UInt8(truncatingIfNeeded: file[index]) }
            return end - start
        }
    }

    /// Scans `<name attr="value" …>` from the `<` at `position`. Returns nil after reporting
    /// a malformed tag; scanning resumes after it.
    private mutating func scanTag() -> Tag? {
        let start = position
        position += 1
        var isClosing = false
        if file[position] == Self.slash { isClosing = true; position += 1 }
        if position < end, file[position] == 0x21 {
            diagnostics.error("unexpected '<!': only comments '<!-- … -->' are allowed", at: start)
            skipToTagEnd()
            return nil
        }
        let name = scanName().lowercased()
        if name.isEmpty {
            diagnostics.error("expected a tag name after '<\(isClosing ? "/" : "")'", at: position)
            skipToTagEnd()
            return nil
        }
        var attributes: [TagAttribute] = []
        while true {
            skipSpaces()
            guard position < end, file[position] != Self.lessThan else {
                diagnostics.error("unterminated tag <\(isClosing ? "/" : "")\(name.clipped): expected '>'", at: start)
                return nil
            }
            let unit = file[position]
            if unit == Self.greaterThan { position += 1; break }
            if unit == Self.slash, position + 1 < end, file[position + 1] == Self.greaterThan { position += 2; break }
            let nameOffset = position
            let attributeName = scanName()
            if attributeName.isEmpty {
                let found = unit == 0 ? "NUL" : String(decoding: [file[position]], as: UTF16.self)
                diagnostics.error("unexpected '\(found)' in tag <\(name.clipped)>: expected an attribute name or '>'", at: position)
                skipToTagEnd()
                return nil
            }
            skipSpaces()
            guard position < end, file[position] == Self.equals else {
                // A bare attribute has an empty value.
                attributes.append(TagAttribute(name: attributeName, value: "", nameOffset: nameOffset, valueOffset: nameOffset))
                continue
            }
            position += 1
            skipSpaces()
            guard let (value, valueOffset) = scanAttributeValue(attributeName: attributeName) else {
                skipToTagEnd()
                return nil
            }
            attributes.append(TagAttribute(name: attributeName, value: value, nameOffset: nameOffset, valueOffset: valueOffset))
        }
        return Tag(name: name, isClosing: isClosing, attributes: attributes, offset: start)
    }

    /// A value in double or single quotes (which may hold spaces, `<` and `>`, but not a line
    /// end), or unquoted up to a space or `>`. References in it are decoded.
    private mutating func scanAttributeValue(attributeName: String) -> (String, Int)? {
        guard position < end else {
            diagnostics.error("expected a value for '\(attributeName.clipped)'", at: position)
            return nil
        }
        let quote = file[position]
        if quote == 0x22 || quote == 0x27 {
            let valueStart = position + 1
            position += 1
            while position < end, file[position] != quote, file[position] != 0x0A { position += 1 }
            guard position < end, file[position] == quote else {
                diagnostics.error("unterminated value of '\(attributeName.clipped)': expected a closing quote", at: valueStart - 1)
                return nil
            }
            let value = decodedValue(valueStart ..< position)
            position += 1
            return (value, valueStart)
        }
        let valueStart = position
        while position < end, !isSpace(file[position]), file[position] != Self.greaterThan, file[position] != Self.lessThan {
            position += 1
        }
        if position == valueStart {
            diagnostics.error("expected a value after '\(attributeName)='", at: valueStart)
            return nil
        }
        return (decodedValue(valueStart ..< position), valueStart)
    }

    private func decodedValue(_ range: Range<Int>) -> String {
        var value: [UInt16] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            if file[offset] == Self.ampersand {
                let (characters, next) = reference(at: offset, end: range.upperBound)
                value += characters ?? [Self.ampersand]
                offset = next
            } else if file[offset] == 0 {
                offset = skipNULs(at: offset, end: range.upperBound)
            } else if let length = noncharacterLength(at: offset, end: range.upperBound) {
                value.append(Self.replacementCharacter)
                offset += length
            } else {
                value.append(file[offset])
                offset += 1
            }
        }
        return String(decoding: value, as: UTF16.self)
    }

    private mutating func skipToTagEnd() {
        while position < end, file[position] != Self.greaterThan, file[position] != 0x0A { position += 1 }
        if position < end, file[position] == Self.greaterThan { position += 1 }
    }
}

extension MarkupSource {
    /// The source offset of the character at `decodedOffset` (UTF-16) in an attribute's value
    /// whose first character is at `valueOffset`: references such as `&amp;` are longer in the
    /// source than in the value.
    func offset(inValueAt valueOffset: Int, decodedOffset: Int) -> Int {
        var offset = valueOffset
        var decoded = 0
        while decoded < decodedOffset, offset < units.count {
            if units[offset] == 0x26, case .character(let characters, let length)? = EntityDecoder.decode(units, at: offset) {
                decoded += characters.count
                offset += length
            } else {
                decoded += 1
                offset += 1
            }
        }
        return offset
    }
}
