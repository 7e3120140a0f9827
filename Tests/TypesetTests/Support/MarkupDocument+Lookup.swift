import Markup
import Text
import XCTest

/// Finding a piece of a parsed document's text, and the style the markup gave it, by the
/// words it holds: checks name the text they mean instead of counting offsets.
extension MarkupDocument {
    /// The attributes of the `occurrence`th appearance of `substring`, which must be uniform over it.
    func attributes(of substring: String, occurrence: Int = 1, file: StaticString = #filePath, line: UInt = #line) -> TextAttributes {
        let range = utf16Range(of: substring, occurrence: occurrence, file: file, line: line)
        let runs = text.attributeRuns(in: range)
        XCTAssertEqual(runs.count, 1, "\"\(substring)\" has one style", file: file, line: line)
        return runs.first?.attributes ?? TestSupport.defaultAttributes()
    }

    func paragraphStyle(of substring: String, file: StaticString = #filePath, line: UInt = #line) -> ParagraphStyle {
        text.paragraphStyle(at: utf16Range(of: substring, occurrence: 1, file: file, line: line).lowerBound)
    }

    func utf16Range(of substring: String, occurrence: Int = 1, file: StaticString = #filePath, line: UInt = #line) -> Range<Int> {
        let units = text.storage, needle = Array(substring.utf16)
        var found = 0
        if needle.count <= units.count {
            for start in 0 ... units.count - needle.count where units[start ..< start + needle.count].elementsEqual(needle) {
                found += 1
                if found == occurrence { return start ..< start + needle.count }
            }
        }
        XCTFail("\"\(substring)\" not in \"\(text.string)\"", file: file, line: line)
        return 0 ..< min(1, units.count)
    }
}
