import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// Master pages as written (`<master>` and its items, `master="…"` on `<section>` and
/// `<pagebreak>`): what they declare, where a switch takes effect, and their mistakes located
/// where they are written, in a style sheet's own file when a sheet declares them.
final class MasterMarkupTests: XCTestCase {
    private static let masters = """
        <master name="opener">
          <tint at="0 0" width="100%" height="24" color="darkred">
        </master>
        <master name="feature" header="{title}|" footer="|{page}">
          <img src="masthead.svg" at="-68 14" height="26">
          <rule at="45.4 -40" width="50%" thickness="0.75">
        </master>

        """

    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup, fileName: "doc.txt", baseDirectory: TestSupport.zombiesDirectory.path)
    }

    private func errors(_ document: MarkupDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .error }
    }

    /// The paragraphs that carry a switch: their text and the master's name.
    private func switches(_ document: MarkupDocument) -> [(String, String)] {
        let text = document.text
        let string = text.string as NSString
        var found: [(String, String)] = []
        var start = 0
        while start < text.length {
            let range = string.paragraphRange(for: NSRange(location: start, length: 0))
            if let master = text.paragraphStyle(at: start).master {
                found.append((string.substring(with: range).trimmingCharacters(in: .whitespacesAndNewlines), master.name))
            }
            start = range.location + range.length
        }
        return found
    }

    func testMastersAreDeclaredWithTheirItemsAndHeads() throws {
        let document = parse(Self.masters + "Text.\n")
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.meta.masters.map(\.name), ["opener", "feature"])
        let opener = document.meta.masters[0], feature = document.meta.masters[1]
        XCTAssertNil(opener.header)
        XCTAssertNil(opener.footer)
        XCTAssertEqual(opener.items, [MasterItem(content: .tint(try XCTUnwrap(ColorParser.parse("darkred"))),
                                                 place: MasterPlace(width: .fraction(1), height: .points(24)))])
        XCTAssertEqual(feature.header, try RunningTemplate(parsing: "{title}|"))
        XCTAssertEqual(feature.footer, try RunningTemplate(parsing: "|{page}"))
        XCTAssertEqual(feature.pictures.map { ($0.path as NSString).lastPathComponent }, ["masthead.svg"])
        guard case .picture = feature.items[0].content else { return XCTFail("the logo is a picture") }
        XCTAssertEqual(feature.items[0].place.x, .points(-68))
        XCTAssertNil(feature.items[0].place.width, "a picture given its height keeps its proportions")
        XCTAssertEqual(feature.items[1].place, MasterPlace(x: .points(45.4), y: .points(-40), width: .fraction(0.5), height: .points(0.75)))
        // The declaration lines print nothing.
        XCTAssertEqual(document.text.string, "Text.\n")
    }

    /// `<pagebreak master>` switches at the paragraph after it; `<section master>` at the
    /// section's first paragraph. Each switch is carried by that paragraph alone.
    func testASwitchIsCarriedByTheParagraphWhereItTakesEffect() {
        let document = parse(Self.masters + """
            <pagebreak master="opener">
            <p style="headline">The Eel Year</p>
            The marsh.
            <section columns="2" master="feature">
            The village.
            The traps.
            </section>
            """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(switches(document).map(\.0), ["The Eel Year", "The village."])
        XCTAssertEqual(switches(document).map(\.1), ["opener", "feature"])
    }

    /// A style sheet's masters are the documents', and a mistake in one is located in the sheet.
    func testASheetHoldsMastersAndItsMistakesAreLocatedInIt() throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent("masthead.svg"),
                                         to: directory.appendingPathComponent("masthead.svg"))
        try write(Self.masters, to: directory.appendingPathComponent("house.tss"))
        try write("<master name=\"broken\">\n  <img src=\"missing.png\" width=\"20\">\n</master>\n",
                  to: directory.appendingPathComponent("broken.tss"))
        let parser = TestSupport.parser(baseDirectory: directory.path)
        let good = parser.parse(MarkupSource(fileName: "doc.txt", text: "<import src=\"house.tss\">\n<section master=\"feature\">\nText.\n</section>\n"))
        XCTAssertEqual(good.diagnostics, [])
        XCTAssertEqual(good.meta.masters.map(\.name), ["opener", "feature"])
        XCTAssertEqual(switches(good).map(\.1), ["feature"])

        let bad = parser.parse(MarkupSource(fileName: "doc.txt", text: "<import src=\"broken.tss\">\n<pagebreak master=\"broken\">\nText.\n"))
        let found = errors(bad)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found[0].message.contains("image \"missing.png\" not found"), found[0].message)
        XCTAssertEqual(found[0].location?.file, "broken.tss")
        XCTAssertEqual(found[0].location?.line, 2)
        XCTAssertEqual(found[0].location?.column, 13)
        XCTAssertTrue(found[1].message.contains("master \"broken\" has errors in its declaration"), found[1].message)
        XCTAssertEqual(found[1].location?.file, "doc.txt")
        XCTAssertEqual(found[1].location?.line, 2)
    }

    func testAnUnknownMasterIsAnErrorAtItsNameSayingWhichThereAre() throws {
        let document = parse(Self.masters + "<section master=\"featur\">\nText.\n</section>\n")
        let error = try XCTUnwrap(errors(document).first)
        XCTAssertEqual(errors(document).count, 1)
        XCTAssertTrue(error.message.contains("unknown master \"featur\" (did you mean \"feature\"?)"), error.message)
        XCTAssertTrue(error.message.contains("\"opener\", \"feature\""), error.message)
        XCTAssertEqual(error.location?.line, 8)
        XCTAssertEqual(error.location?.column, 18)
        let none = parse("<pagebreak master=\"opener\">\nText.\n")
        XCTAssertTrue(errors(none).first?.message.contains("no master pages are declared") == true, "\(none.diagnostics)")
    }

    /// `columns`, `gutter` and `margin` set the frame of the master's pages; margins read as
    /// CSS's, one to four lengths.
    func testAMasterDeclaresItsPagesColumnsAndMargins() throws {
        let document = parse("""
            <master name="digest" columns="3" gutter="12pt" margin="10 20">
            </master>
            <master name="all" margin="30">
            </master>
            <master name="four" margin="1 2 3 4">
            </master>
            Text.
            """)
        XCTAssertEqual(errors(document), [])
        let frames = Dictionary(uniqueKeysWithValues: document.meta.masters.map { ($0.name, $0.frame) })
        XCTAssertEqual(frames["digest"], MasterFrame(columns: 3, gutter: 12, margins: Margins(top: 10, right: 20, bottom: 10, left: 20)))
        XCTAssertEqual(frames["all"], MasterFrame(margins: Margins(top: 30, right: 30, bottom: 30, left: 30)))
        XCTAssertEqual(frames["four"], MasterFrame(margins: Margins(top: 1, right: 2, bottom: 3, left: 4)))
    }

    /// Each mistake in a declaration is an error where it is written, and the master is not
    /// declared (its uses say why).
    func testMistakesInADeclarationAreLocated() throws {
        let cases: [(markup: String, message: String, line: Int, column: Int)] = [
            ("<master name=\"a\">\n<tint at=\"12\" height=\"10\" color=\"red\">\n</master>", "at is two distances", 2, 11),
            ("<master name=\"a\">\n<tint height=\"10\">\n</master>", "<tint> needs a color", 2, 1),
            ("<master name=\"a\">\n<tint color=\"red\">\n</master>", "<tint> needs a height", 2, 1),
            ("<master name=\"a\">\n<rule width=\"-5\">\n</master>", "width must be more than 0", 2, 14),
            ("<master name=\"a\">\n<tint height=\"10\" color=\"red\" of=\"spread\">\n</master>", "of must be", 2, 35),
            ("<master name=\"a\">\n<b>\n</master>", "<b> cannot be inside a <master> (the one of line 1)", 2, 1),
            ("<master name=\"a\">\nHello\n</master>", "holds only its furniture", 2, 1),
            ("<master name=\"a\" footer=\"{folio}\">\n</master>", "footer: unknown placeholder {folio}", 1, 26),
            ("<master name=\"a b\">\n</master>", "a master's name is letters", 1, 15),
            ("<master>\n</master>", "<master> needs a name", 1, 1),
            ("<master name=\"a\">\n<text at=\"0 0\">\n</master>", "<text> needs content", 2, 1),
            ("<master name=\"a\">\n<text content=\"{sectoin}\">\n</master>", "content: unknown placeholder {sectoin}", 2, 16),
            ("<master name=\"a\">\n<text content=\"x\" style=\"nope\">\n</master>", "unknown style \"nope\"", 2, 26),
            ("<master name=\"a\" columns=\"0\">\n</master>", "columns must be at least 1", 1, 27),
            ("<master name=\"a\" gutter=\"wide\">\n</master>", "gutter must be a number", 1, 26),
            ("<master name=\"a\" margin=\"1 2 3 4 5\">\n</master>", "margin is one to four lengths", 1, 26),
            ("<master name=\"a\" margin=\"20 -3\">\n</master>", "margin \"-3\" must be a length of 0 or more", 1, 26),
            ("Text.\n<master name=\"a\">\n</master>", "<master> must come before the text", 2, 1),
        ]
        for (markup, message, line, column) in cases {
            let document = parse(markup + "\nMore text.\n")
            let found = errors(document)
            XCTAssertEqual(found.count, 1, "\(markup): \(document.diagnostics)")
            XCTAssertTrue(found.first?.message.contains(message) == true, "\(markup): \(found)")
            XCTAssertEqual(found.first?.location?.line, line, markup)
            XCTAssertEqual(found.first?.location?.column, column, markup)
        }
        let unclosed = errors(parse("Text.\n<master name=\"a\">\n<rule>\n"))
        XCTAssertEqual(unclosed.map(\.message).filter { $0.contains("<master> is never closed") }.count, 1, "\(unclosed)")
        // An unknown attribute is a warning, as on any tag; the master is still declared.
        let unknown = parse("<master name=\"a\" colour=\"red\">\n<rule thicknes=\"2\">\n</master>\nText.\n")
        XCTAssertEqual(unknown.diagnostics.map(\.severity), [.warning, .warning], "\(unknown.diagnostics)")
        XCTAssertEqual(unknown.meta.masters.map(\.name), ["a"])
    }

    /// `-0` is flush with the far edge; a percentage is of the reference.
    func testAPlaceResolvesFromEitherEdge() {
        let flush = MasterPlace(x: .points(-0.0), y: .fraction(-0.1), width: .points(50), height: .points(20))
        let resolved = flush.resolved(inWidth: 400, height: 600)
        XCTAssertEqual(resolved.x, 350)
        XCTAssertEqual(resolved.y, 600 - 60 - 20, accuracy: 1e-9)
        let picture = MasterPlace(x: .points(10), y: .points(5), width: nil, height: .points(30), aspect: 3)
        XCTAssertEqual(picture.resolved(inWidth: 400, height: 600).width, 90)
    }
}
