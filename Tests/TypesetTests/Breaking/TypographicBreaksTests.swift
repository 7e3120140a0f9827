@testable import Breaking
import Foundation
import Text
import XCTest

/// The typographer's changes to ICU's break opportunities: breaks inside URLs and e-mail
/// addresses, and none that would start a line with a closing quotation mark or dash.
final class TypographicBreaksTests: XCTestCase {
    /// The text's opportunities after both changes, and the added address breaks.
    private func breaks(_ string: String) -> (offsets: [Int], added: [Int]) {
        let units = TextUnitSlice(Array(string.utf16))
        let typographic = BreakOpportunities.find(in: units).removingBreaksBeforeClosingPunctuation(in: units).addingAddressBreaks(in: units)
        return (typographic.opportunities.offsets, typographic.addressBreaks)
    }

    /// The pieces `string` may be cut into.
    private func pieces(_ string: String) -> [String] {
        let units = Array(string.utf16)
        var start = 0
        return breaks(string).offsets.map { end in
            defer { start = end }
            return String(decoding: units[start ..< end], as: UTF16.self)
        }
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/line-after-br-starting-with-a-space.txt):
    /// the space after a `<br>` started the next line, a space to the right of its column's
    /// edge, and a word as wide as the column reached past it. The hard break moves past the
    /// spaces after it; a tab after it stays on the next line, where it goes to its stop.
    func testAHardBreakMovesPastTheSpacesAfterIt() {
        func pieces(_ string: String) -> [String] {
            let units = TextUnitSlice(Array(string.utf16))
            let moved = BreakOpportunities.find(in: units).movingHardBreaksPastSpaces(in: units)
            XCTAssertEqual(moved.offsets.count, moved.mandatory.count)
            var start = 0
            return moved.offsets.map { end in
                defer { start = end }
                return String(decoding: units[start ..< end], as: UTF16.self)
            }
        }
        XCTAssertEqual(pieces("Mill\u{2028}  Lane"), ["Mill\u{2028}  ", "Lane"])
        XCTAssertEqual(pieces("Mill\u{2028}\tLane"), ["Mill\u{2028}", "\t", "Lane"])
        XCTAssertEqual(pieces("Mill\u{2028} "), ["Mill\u{2028} "])
        XCTAssertEqual(pieces("Mill \u{2028}\u{2028} Lane end"), ["Mill \u{2028}", "\u{2028} ", "Lane ", "end"])
    }

    func testAURLBreaksAfterItsSeparatorsButNotInsideItsDoubleSlash() {
        XCTAssertEqual(pieces("see https://www.example.com/shop/tickets?day=2&seat=14 now"),
                       ["see ", "https://", "www.", "example.", "com/", "shop/", "tickets?", "day=2&", "seat=14 ", "now"])
        XCTAssertEqual(pieces("www.zombie-monthly.example"), ["www.", "zombie", "-monthly.", "example"])
    }

    /// A hyphen inside an address starts the next line rather than end this one, where it would
    /// read as a hyphen added to break a word (Chicago 14.18); a run of them stays whole.
    func testAnAddressBreaksBeforeItsHyphens() {
        XCTAssertEqual(pieces("https://example.com/copernicus-digital-elevation-model"),
                       ["https://", "example.", "com/", "copernicus", "-digital", "-elevation", "-model"])
        XCTAssertEqual(pieces("https://example.com/a--bc/de-f"), ["https://", "example.", "com/", "a--bc/", "de-f"])
    }

    /// A DOI, after `doi:` or alone, is an address: it breaks as one, before its hyphens.
    func testADOIIsAnAddress() {
        XCTAssertEqual(pieces("see doi:10.5555/contour-and-relief now"), ["see ", "doi:10.", "5555/", "contour", "-and", "-relief ", "now"])
        XCTAssertEqual(pieces("see 10.5555/contour-and-relief now"), ["see ", "10.", "5555/", "contour", "-and", "-relief ", "now"])
    }

    func testAnEmailAddressBreaksAfterItsAtAndDots() {
        XCTAssertEqual(pieces("write to letters@zombies.example.org today"),
                       ["write ", "to ", "letters@", "zombies.", "example.", "org ", "today"])
    }

    func testNoPieceOfOneCharacterIsLeftAlone() {
        // "x/" and "/y" would leave a single character at a line's start or end.
        XCTAssertEqual(pieces("https://x.example.com/y"), ["https://", "x.example.", "com/y"])
        XCTAssertEqual(pieces("a@bc.example.io"), ["a@bc.", "example.", "io"])
    }

    func testPunctuationAroundAnAddressIsNotPartOfIt() {
        XCTAssertEqual(pieces("(www.example.com/a)."), ["(www.", "example.", "com/a)."])
    }

    func testOrdinaryWordsAndNumbersAreNotAddresses() {
        for text in ["e.g. this", "and/or that", "3.14159 is pi", "well-known fact", "Q&A time", "who? me.", "foo@bar", "x:y//z", "10.5 metres", "10.5555 is", "10.55/x-y"] {
            XCTAssertEqual(breaks(text).added, [], text)
            XCTAssertEqual(breaks(text).offsets, BreakOpportunities.find(in: Array(text.utf16)).offsets, text)
        }
    }

    func testAddressesAtEitherEndOfAParagraphInsideTheTextAreFound() {
        // The paragraph is a slice of a longer text, as layout passes it: the quick look for
        // `://`, `www.` and `@` must see an address that starts or ends the slice, in any case.
        for address in ["www.example.com", "WWW.EXAMPLE.COM", "Www.example.org", "ftp://host.example", "https://a.example",
                        "x@yz.example", "(mailto:me@example.org)"] {
            for paragraph in ["\(address) is it", "it is \(address)", address] {
                let text = Array(("before\n" + paragraph + "\nafter").utf16)
                let units = TextUnitSlice(text[7 ..< 7 + paragraph.utf16.count])
                let tokens = URLTokens.find(in: units)
                XCTAssertEqual(tokens.count, 1, paragraph)
                XCTAssertTrue(tokens.allSatisfy { units.indices.contains($0.lowerBound) && $0.upperBound <= units.endIndex }, paragraph)
            }
        }
        // The units around the slice are not its own: "www" before it makes no address of ".com".
        let text = Array("www.com and".utf16)
        XCTAssertEqual(URLTokens.find(in: TextUnitSlice(text)[3...]), [])
    }

    func testAParagraphWithoutAClosingMarkKeepsICUsOpportunities() {
        let verse = TextUnitSlice(Array("In the beginning God created the heaven and the earth; and it was good: (so it was).".utf16))
        let found = BreakOpportunities.find(in: verse)
        XCTAssertEqual(found.removingBreaksBeforeClosingPunctuation(in: verse), found)
        let quoted = TextUnitSlice(Array("he said \u{201C}yes \u{201D} and left".utf16))
        XCTAssertNotEqual(BreakOpportunities.find(in: quoted).removingBreaksBeforeClosingPunctuation(in: quoted),
                          BreakOpportunities.find(in: quoted))
    }

    func testTheLookForAClosingMarkOrASeparatorFindsEveryOneAndNothingElse() {
        for unit in UInt16.min ... UInt16.max {
            let text = Array("word ".utf16) + [unit] + Array(" word".utf16)
            XCTAssertEqual(BreakOpportunities.holdsLineEndMark(TextUnitSlice(text)), BreakOpportunities.isLineEndMark(unit), "U+\(String(unit, radix: 16))")
        }
        // Only the slice's own units: a mark just outside it is not in the paragraph.
        let text = Array("\u{201D}word word\u{2019}".utf16)
        XCTAssertFalse(BreakOpportunities.holdsLineEndMark(TextUnitSlice(text)[1 ..< text.count - 1]))
        XCTAssertTrue(BreakOpportunities.holdsLineEndMark(TextUnitSlice(text)[0 ..< text.count - 1]))
    }

    func testAHardBreakInsideAnAddressStays() {
        let text = "https://example.com/a\u{2028}b/c"
        let units = TextUnitSlice(Array(text.utf16))
        let result = BreakOpportunities.find(in: units).addingAddressBreaks(in: units).opportunities
        XCTAssertTrue(zip(result.offsets, result.mandatory).contains { $0 == 22 && $1 }, "\(result)")
    }

    func testAHundredKilobyteTokenIsFoundInTimeLinearInItsLength() {
        func seconds(_ count: Int) -> Double {
            let units = TextUnitSlice(Array(("https://" + String(repeating: "ab/", count: count)).utf16))
            let start = Date()
            let found = BreakOpportunities.find(in: units).addingAddressBreaks(in: units)
            XCTAssertEqual(found.addressBreaks.count, count)
            return Date().timeIntervalSince(start)
        }
        _ = seconds(1_000)
        let small = seconds(3_400), large = seconds(34_000)   // 10 KB and 100 KB
        XCTAssertLessThan(large, max(0.05, small) * 40, "ten times the token, \(small) s → \(large) s")
        XCTAssertLessThan(large, 5)
    }

    // MARK: Closing marks

    func testNoLineStartsWithAClosingQuotationMark() {
        // ICU breaks at a space before a closing mark; the mark stays on the line before.
        XCTAssertEqual(pieces("he said \u{201C}yes \u{201D} and left"), ["he ", "said ", "\u{201C}yes \u{201D} ", "and ", "left"])
        XCTAssertEqual(pieces("le mot \u{AB} oui \u{BB} suffit"), ["le ", "mot ", "\u{AB} ", "oui \u{BB} ", "suffit"])
        XCTAssertEqual(pieces("it \u{2019} s"), ["it \u{2019} ", "s"])
        // An opening mark after a space still starts a line: “Yes, German »ja, Swedish ”Ja, French «\u{202F}oui.
        XCTAssertEqual(pieces("said \u{201C}Yes\u{201D}"), ["said ", "\u{201C}Yes\u{201D}"])
        XCTAssertEqual(pieces("sagte \u{BB}ja\u{AB} und"), ["sagte ", "\u{BB}ja\u{AB} ", "und"])
        XCTAssertEqual(pieces("sa \u{201D}Ja\u{201D}"), ["sa ", "\u{201D}Ja\u{201D}"])
        XCTAssertEqual(pieces("dit \u{AB}\u{202F}oui\u{202F}\u{BB} alors"), ["dit ", "\u{AB}\u{202F}oui\u{202F}\u{BB} ", "alors"])
    }

    func testASpacedDashEndsTheLineBeforeIt() {
        // Spaced: the break is after the dash, never before it.
        XCTAssertEqual(pieces("she did \u{2014} but not"), ["she ", "did \u{2014} ", "but ", "not"])
        XCTAssertEqual(pieces("she did \u{2013} but not"), ["she ", "did \u{2013} ", "but ", "not"])
        // Unspaced between words: the first of a pair opens (either side), the second closes
        // (after it only); a dash before punctuation stays with the word.
        XCTAssertEqual(pieces("why\u{2014}or when\u{2014}she left"), ["why", "\u{2014}", "or ", "when\u{2014}", "she ", "left"])
        XCTAssertEqual(pieces("a\u{2014}b. c\u{2014}d"), ["a", "\u{2014}", "b. ", "c", "\u{2014}", "d"], "a sentence's end closes no pair")
        XCTAssertEqual(pieces("never\u{2014}, he said"), ["never\u{2014}, ", "he ", "said"])
        // A dash that opens a phrase after a space may start a line, and one after a sentence's end.
        XCTAssertEqual(pieces("dit \u{2014}Non"), ["dit ", "\u{2014}Non"])
        XCTAssertEqual(pieces("friends? \u{2014} Lonely"), ["friends? ", "\u{2014} ", "Lonely"])
        XCTAssertEqual(pieces("said.\u{201D} \u{2014} Ann"), ["said.\u{201D} ", "\u{2014} ", "Ann"])
    }

    /// A designer's headline, `Annual Water Report · Output by Country`, set `Annual Water
    /// Report` / `· Output by Country`: ICU takes a middle dot or a bullet for a letter, and
    /// breaks at the space before it, as before a bar (`Layout` / `| Photography`). Spaced, it
    /// stays at the end of the line before, as a spaced dash does and `/` (UAX #14 class SY) did.
    func testASpacedSeparatorEndsTheLineBeforeIt() {
        XCTAssertEqual(pieces("Report \u{B7} Output"), ["Report \u{B7} ", "Output"])
        XCTAssertEqual(pieces("Church \u{2022} Hartwell \u{2022} Bucks"), ["Church \u{2022} ", "Hartwell \u{2022} ", "Bucks"])
        XCTAssertEqual(pieces("Editor | Layout \u{A6} Print"), ["Editor | ", "Layout \u{A6} ", "Print"])
        XCTAssertEqual(pieces("Editor / Layout"), ["Editor / ", "Layout"])
        XCTAssertEqual(pieces("call \u{B7}\u{A0}07700"), ["call \u{B7}\u{A0}07700"], "a no-break space after it is a space")
        // Not spaced on both sides, it is left to ICU: a bullet that starts an item starts a line.
        XCTAssertEqual(pieces("items: \u{2022}one \u{2022}two"), ["items: ", "\u{2022}one ", "\u{2022}two"])
        XCTAssertEqual(pieces("a\u{B7}b c"), ["a\u{B7}b ", "c"])
    }
}
