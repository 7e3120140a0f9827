import Foundation
@testable import Markup
import Text
import XCTest

/// Fixtures/fuzz/markup.dict, the fuzzers' dictionary, holds every tag and attribute the parser
/// knows, the values docs/markup.md's examples give them and the units of lengths. It is
/// generated here: `TYPESET_UPDATE_FUZZ_DICTIONARY=1 swift test --filter FuzzDictionaryTests`
/// rewrites it.
final class FuzzDictionaryTests: XCTestCase {
    static let dictionaryURL = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/fuzz/markup.dict")

    /// Tags and attribute names: the parser's own lists, and those the examples use (the
    /// attributes of `<img>`, `<li>`, `<a>`, `<rule>` and `<style>` are checked inline).
    static var tagsAndAttributes: (tags: Set<String>, attributes: Set<String>) {
        var tags = Set(ParseState.knownTags)
        var attributes = Set(CharacterStyleChange.attributeNames + ParagraphStyleChange.attributeNames + DocumentMeta.attributeNames
                             + ParseState.sectionAttributeNames + ParseState.pageBreakAttributeNames + ParseState.exclusionAttributeNames
                             + StoryJumps.attributeNames)
        for example in MarkupExample.all {
            tags.formUnion(matches(of: #"</?([a-z]+)"#, in: example.markup))
            attributes.formUnion(matches(of: #"\s([a-zA-Z-]+)="#, in: example.markup))
        }
        return (tags, attributes)
    }

    /// Attribute values of the examples short enough to be worth splicing in whole.
    static var values: Set<String> {
        var values = Set<String>()
        for example in MarkupExample.all {
            values.formUnion(matches(of: #"="([^"\\]{1,24})""#, in: example.markup))
        }
        return values
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let string = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: string.length)).map { string.substring(with: $0.range(at: 1)) }
    }

    /// The dictionary's entries, in libFuzzer's format: quoted strings.
    static var entries: [String] {
        let (tags, attributes) = tagsAndAttributes
        var strings: [String] = []
        for tag in tags.sorted() { strings += ["<\(tag)>", "<\(tag) ", "</\(tag)>"] }
        strings += attributes.sorted().map { " \($0)=\"" }
        strings += values.sorted().map { "\"\($0)\"" }
        strings += ["/>", "<!--", "-->", "&amp;", "&#x", "&#", ";", "\n"]
        // The units every length takes (the examples write few of them).
        strings += LengthUnit.allCases.map(\.rawValue)
        return strings.map { string in
            // libFuzzer reads printable ASCII; any other byte (of UTF-8, say) as \xNN.
            let escaped = string.utf8.map { byte -> String in
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): return "\\" + String(UnicodeScalar(byte))
                case 0x20 ..< 0x7F: return String(UnicodeScalar(byte))
                default: return String(format: "\\x%02X", byte)
                }
            }.joined()
            return "\"\(escaped)\""
        }
    }

    func testTheDictionaryHasEveryTagAttributeAndValue() throws {
        let expected = Self.entries
        XCTAssertGreaterThan(expected.count, 100)
        let header = "# The fuzzers' dictionary (make fuzz): every tag and attribute of the markup, the values of\n"
            + "# docs/markup.md's examples. Generated: TYPESET_UPDATE_FUZZ_DICTIONARY=1 swift test --filter FuzzDictionaryTests\n"
        if ProcessInfo.processInfo.environment["TYPESET_UPDATE_FUZZ_DICTIONARY"] == "1" {
            try (header + expected.joined(separator: "\n") + "\n").write(to: Self.dictionaryURL, atomically: true, encoding: .utf8)
        }
        let present = Set(try String(contentsOf: Self.dictionaryURL, encoding: .utf8).components(separatedBy: "\n"))
        let missing = expected.filter { !present.contains($0) }
        XCTAssertEqual(missing, [], "Fixtures/fuzz/markup.dict lacks these; regenerate it with TYPESET_UPDATE_FUZZ_DICTIONARY=1")
    }
}
