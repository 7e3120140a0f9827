import Fonts
import Shaping
import Text

/// A stretch of a paragraph shaped in one go: one set of attributes, one face, one bidi
/// level and one script.
struct TextItem {
    var range: Range<Int>
    /// The text's copy of the item's attributes, shared, not copied (`Shared`).
    let sharedAttributes: Shared<TextAttributes>
    var attributes: TextAttributes { sharedAttributes.value }
    var font: Font
    /// The face the attributes ask for (`font` is a fallback when they differ).
    var requestedFont: Font
    var level: UInt8
    var script: String?

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Splits a paragraph into the items HarfBuzz shapes: attribute runs cut where the bidi level,
/// the script or the face changes. The face is the one asked for where it has the character,
/// else the fallback the Fonts stage found for it (see `FontTable.fallbackFont`), per cluster:
/// marks, joiners and variation selectors stay with the face of the character they belong to.
final class TextItemizer {
    private let fonts: FontTable

    init(fonts: FontTable) {
        self.fonts = fonts
    }

    func items(of text: AttributedText, in range: Range<Int>, units: TextUnitSlice, bidi: BidiParagraph) -> [TextItem] {
        let scripts = ScriptItemizer.runs(in: units[range])
        var items: [TextItem] = []
        var scriptIndex = 0   // items come in the text's order: the script run is found moving on
        for run in text.attributeRuns(in: range) {
            let primary = fonts.font(for: run.attributes)
            for faceRun in faceRuns(run.range, of: units, primary: primary, attributes: run.attributes) {
                var start = faceRun.range.lowerBound
                while start < faceRun.range.upperBound {
                    let level = bidi.level(at: start - range.lowerBound)
                    while scriptIndex < scripts.count, scripts[scriptIndex].range.upperBound <= start { scriptIndex += 1 }
                    let script = scriptIndex < scripts.count && scripts[scriptIndex].range.contains(start) ? scripts[scriptIndex] : nil
                    var end = min(faceRun.range.upperBound, script?.range.upperBound ?? faceRun.range.upperBound)
                    end = bidi.levelRunEnd(from: start - range.lowerBound, to: end - range.lowerBound) + range.lowerBound
                    items.append(TextItem(range: start ..< end, sharedAttributes: run.shared, font: faceRun.font,
                                          requestedFont: primary, level: level,
                                          script: run.attributes.runDelegate == nil ? script?.script : nil))
                    start = end
                }
            }
        }
        return items
    }

    /// `range` cut into stretches of one face.
    private func faceRuns(_ range: Range<Int>, of units: TextUnitSlice, primary: Font,
                          attributes: TextAttributes) -> [(range: Range<Int>, font: Font)] {
        if attributes.runDelegate != nil || (primary.coversPrintableASCII && UnitScan.isASCII(units[range])) {
            return [(range, primary)]
        }
        var runs: [(range: Range<Int>, font: Font)] = []
        var previousFont: Font?
        var offset = range.lowerBound
        while offset < range.upperBound {
            // One cluster: a character and the marks, joiners and selectors that belong to it.
            var (value, length) = UTF16Scalars.scalar(in: units, at: offset)
            let first = Unicode.Scalar(value) ?? "\u{FFFD}"
            // What extends the cluster, when anything does: most clusters are one character,
            // and no array is made for them (one a character was most of the allocations of
            // a text with curly quotes or dashes).
            var extensions: [Unicode.Scalar] = []
            var end = offset + length
            while end < range.upperBound {
                let next = UTF16Scalars.scalar(in: units, at: end)
                guard let scalar = Unicode.Scalar(next.value), Self.extendsCluster(scalar, after: value) else { break }
                extensions.append(scalar)
                value = next.value
                end += next.length
            }
            let font: Font
            if let previousFont, extensions.isEmpty, Self.isSpaceOrControl(first), previousFont.hasGlyph(for: first),
               !previousFont.hasColorBitmaps {
                // Spaces and controls go with the text before them when that face has them (not
                // an emoji face's: its space is as wide as an emoji).
                font = previousFont
            } else if extensions.isEmpty, primary.hasGlyph(for: first), !EmojiPresentation.isEmojiByDefault(first) {
                font = primary   // the common case, without the cluster lookup's arrays (an emoji goes to its colour face)
            } else {
                font = fonts.font(forCluster: [first] + extensions, primary: primary, language: attributes.language)
            }
            if let last = runs.last, last.font === font {
                runs[runs.count - 1].range = last.range.lowerBound ..< end
            } else {
                runs.append((offset ..< end, font))
            }
            previousFont = font
            offset = end
        }
        return runs
    }

    static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII answered without the property tables' search: its controls, its spaces.
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        if WideCharacters.isPlain(scalar.value) { return false }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// Combining marks, joiners, variation selectors and emoji modifiers, and whatever follows
    /// a zero-width joiner: parts of the cluster before them.
    static func extendsCluster(_ scalar: Unicode.Scalar, after previous: UInt32) -> Bool {
        // Nothing below U+0300 is a mark, a selector, a joiner or a modifier, nor any of the
        // ideographs and their punctuation: the property tables are searched only for the rest.
        if scalar.value < 0x300 || WideCharacters.isPlain(scalar.value) { return previous == 0x200D }
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.isVariationSelector || properties.isEmojiModifier
            || scalar.value == 0x200D || previous == 0x200D
    }
}
