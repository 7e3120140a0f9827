import Foundation
import Layout
import Markup
import Text
import XCTest

/// URLs and e-mail addresses break after their `/ . @ ? &` and before their `-` in a justified narrow column, so
/// that the lines round one are not spaced out; `<nobr>` keeps one whole; a link keeps working
/// across the break; the pieces come out of the PDF in order.
final class AddressBreakTests: FramesetterTestCase {
    private static let prose = """
        To sign up, write to FIRST and we will send the form by return of post, or fill it in at \
        SECOND before the end of the month; the office answers every letter within the week, and \
        back issues of the magazine can be ordered from the same page while stocks last.
        """
    private static let mail = "subscriptions@zombie-monthly.example.com"
    private static let url = "https://www.zombie-monthly.example.com/subscribe/annual?issue=15&ref=print"

    private func paragraph(_ first: String, _ second: String) -> String {
        Self.prose.replacingOccurrences(of: "FIRST", with: first).replacingOccurrences(of: "SECOND", with: second)
    }

    private func frame(_ markup: String, width: Double, alignment: TextAlignment = .justify) throws -> (frame: Frame, text: [UInt16]) {
        let document = TestSupport.parse(markup, alignment: alignment)
        let frame = try framesetter(for: document).frame(in: Container(rect: Rect(x: 0, y: 0, width: width, height: 2000)), from: 0)
        return (frame, Array(document.text.storage))
    }

    /// The widest word space of the frame's justified lines (not a paragraph's last line, not
    /// the spaces a line ends with), in points.
    private func widestSpace(_ frame: Frame, text: [UInt16]) -> Double {
        var widest = 0.0
        for line in frame.lines where !line.endsParagraph {
            var end = line.stringRange.upperBound
            while end > line.stringRange.lowerBound, text[end - 1] == 0x20 || text[end - 1] == 0x0A { end -= 1 }
            for run in line.runs {
                for (index, cluster) in run.clusters.enumerated() where cluster >= 0 && cluster < end && text[cluster] == 0x20 {
                    widest = max(widest, run.advances[index])
                }
            }
        }
        return widest
    }

    private func lineTexts(_ frame: Frame, text: [UInt16]) -> [String] {
        frame.lines.map { String(decoding: text[$0.stringRange], as: UTF16.self) }
    }

    /// Lines round an address may end short once their spaces reach the word-spacing range's
    /// maximum: no space of them is wider than that, nor than the widest of the same text
    /// without the addresses.
    func testAddressesLeaveNoLineLooserThanTheTextWithoutThem() throws {
        let ragged = try frame(paragraph("us", "the office"), width: 160, alignment: .left)
        let range = Justification.standard.wordSpacing
        let widestAllowed = widestSpace(ragged.frame, text: ragged.text) * range.maximum / range.desired
        var looserWhenWhole = 0
        for width in stride(from: 130.0, through: 200, by: 5) {
            let with = try frame(paragraph(Self.mail, Self.url), width: width)
            let without = try frame(paragraph("us", "the office"), width: width)
            let whole = try frame(paragraph("<nobr>\(Self.mail)</nobr>", "<nobr>\(Self.url)</nobr>"), width: width)
            let widest = widestSpace(with.frame, text: with.text), plain = widestSpace(without.frame, text: without.text)
            XCTAssertLessThanOrEqual(widest, max(plain, widestAllowed) + 0.01, "at \(width) pt: \(lineTexts(with.frame, text: with.text))")
            if widestSpace(whole.frame, text: whole.text) > plain + 1 { looserWhenWhole += 1 }
            // A line that ends inside an address ends after one of its separators, or before a hyphen.
            let string = String(decoding: with.text, as: UTF16.self)
            let addresses = [Self.mail, Self.url].compactMap { string.range(of: $0) }.map { NSRange($0, in: string) }
            for line in with.frame.lines {
                let end = line.stringRange.upperBound
                guard addresses.contains(where: { $0.location < end && end < $0.location + $0.length }) else { continue }
                XCTAssertTrue("/.@?&".utf16.contains(with.text[end - 1]) || with.text[end] == 0x2D,
                              "at \(width) pt: \(lineTexts(with.frame, text: with.text))")
            }
        }
        // The measure is one that can fail: addresses kept whole space lines out at most widths.
        XCTAssertGreaterThan(looserWhenWhole, 7)
    }

    func testNoBreakKeepsAnAddressWhole() throws {
        let address = "www.example.com/shop/tickets"
        for width in stride(from: 170.0, through: 240, by: 10) {
            let (frame, text) = try frame("Tickets for the night of the living editors are sold at <nobr>\(address)</nobr> and at the door.",
                                          width: width)
            let joined = lineTexts(frame, text: text)
            XCTAssertTrue(joined.contains { $0.contains(address) }, "at \(width) pt: \(joined)")
        }
        // Without <nobr> the same address does break somewhere in that sweep.
        var broken = false
        for width in stride(from: 170.0, through: 240, by: 10) {
            let (frame, text) = try frame("Tickets for the night of the living editors are sold at \(address) and at the door.", width: width)
            broken = broken || !lineTexts(frame, text: text).contains { $0.contains(address) }
        }
        XCTAssertTrue(broken)
    }

    func testTheAddressComesOutOfThePDFInOrderAndItsLinkCoversEveryPiece() throws {
        let (_, pdf) = try typesetToPDF("""
            <section columns="4">To sign up, write to \(Self.mail) or go to <a href="\(Self.url)">\(Self.url)</a> before the end of the \
            month; the office answers every letter within the week.</section>
            """)
        let lines = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-raw", pdf, "-"])).split(separator: "\n").map(String.init)
        // A line broken inside the address, at its own hyphen or after a / . @ ? or &, ends
        // with a soft hyphen after that character, the mark a reader joins lines at and drops
        // (`Line.wordBrokenAfter`); any other line end is a word space.
        let joined = TestSupport.joiningLinesBrokenInsideWords(lines.joined(separator: "\n"))
        XCTAssertTrue(joined.contains(Self.mail), "\(lines)")
        XCTAssertTrue(joined.contains(Self.url), "\(lines)")
        XCTAssertFalse(lines.contains { $0.contains(Self.url) }, "the URL runs over lines: \(lines)")
        // A link annotation over each line the address covers, each to the whole address.
        let json = try XCTUnwrap(TestSupport.runTool("/usr/bin/qpdf", ["--json=2", pdf]))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let objects = try XCTUnwrap(((root["qpdf"] as? [Any])?[1]) as? [String: Any])
        let uris = objects.values.compactMap { object -> String? in
            let value = (object as? [String: Any])?["value"] as? [String: Any]
            guard let uri = (value?["/A"] as? [String: Any])?["/URI"] as? String else { return nil }
            return uri.hasPrefix("u:") ? String(uri.dropFirst(2)) : uri
        }
        XCTAssertGreaterThanOrEqual(uris.filter { $0 == Self.url }.count, 3, "\(uris)")
        XCTAssertEqual(Set(uris), [Self.url])
    }
}
