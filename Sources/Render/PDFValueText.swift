extension PDFObjectText {
    /// `value` in PDF syntax: what was read is written back as it was, without the draft's
    /// line breaks, indentation and comments.
    mutating func value(_ value: PDFValue) {
        switch value {
        case .null: token(Array("null".utf8))
        case .boolean(let truth): token(Array((truth ? "true" : "false").utf8))
        case .integer(let number): integer(number)
        case .real(let text), .string(let text): token(text)
        case .name(let name): token(Array(name.utf8))
        case .reference(let number, let generation):
            integer(number)
            integer(generation)
            raw(" R")
        case .array(let items):
            token(Array("[".utf8))
            for item in items { self.value(item) }
            raw("]")
        case .dictionary(let dictionary):
            self.dictionary(dictionary)
        }
    }

    mutating func dictionary(_ dictionary: PDFDictionary) {
        token(Array("<<".utf8))
        for entry in dictionary.entries {
            token(Array(entry.key.utf8))
            value(entry.value)
        }
        token(Array(">>".utf8))
    }
}
