import Text

/// Paragraphs set right to left (`dir="rtl"` of a `<p>` or a named style) that hold letters
/// but none of a right-to-left script. Almost always a `<p style="arabic">` left open over
/// the English after it, as HTML is written (`<p>` a paragraph, one `</p>` at the end, which
/// closes only the latest `<p>`): the English lines then start at the right, their full stops
/// at the left, and nothing else says why. A warning at the first of each run of them.
enum RightToLeftWithoutLetters {
    static func check(_ text: AttributedText, sourceMap: TextSourceMap, diagnostics: MarkupDiagnostics) {
        var run: (first: Int, count: Int)?
        func warn() {
            guard let found = run, let offset = sourceMap.sourceOffset(ofTextOffset: found.first) else { return }
            let which = switch found.count {
            case 1: "this paragraph is"
            case 2: "this paragraph and the next are"
            default: "this paragraph and the \(found.count - 1) after it are"
            }
            diagnostics.warning("\(which) set right to left (dir=\"rtl\") without a Hebrew or Arabic letter: the lines start at the right "
                                + "and a full stop prints at the left. Is a <p> or a style with dir=\"rtl\" still open? A </p> closes only the "
                                + "latest <p>; end each one, or give dir=\"ltr\"", at: offset)
            run = nil
        }
        var start = 0
        while start < text.length {
            let end = UnitSearch.firstLineFeed(in: text.storage, from: start).map { $0 + 1 } ?? text.length
            // Read where the runs keep it: a copy of the whole style was some 1,500
            // instructions a paragraph.
            let style = text.sharedParagraphStyle(at: start)
            if style.value.direction == .rtl, style.value.box?.kind != .footnote, Self.hasLettersNoneRightToLeft(text.storage[start ..< end]) {
                run = run.map { ($0.first, $0.count + 1) } ?? (start, 1)
            } else {
                warn()
            }
            start = end
        }
        warn()
    }

    /// Whether `units` hold a letter and none of Hebrew, Arabic or the other right-to-left
    /// scripts (UAX #9's strong R and AL letters are in these blocks).
    static func hasLettersNoneRightToLeft(_ units: TextUnitSlice) -> Bool {
        var hasLetter = false
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            if isRightToLeft(scalar) { return false }
            if scalar.properties.isAlphabetic { hasLetter = true }
        }
        return hasLetter
    }

    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590 ... 0x08FF, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF, 0x10800 ... 0x10FFF, 0x1E800 ... 0x1EFFF: return true
        default: return false
        }
    }
}
