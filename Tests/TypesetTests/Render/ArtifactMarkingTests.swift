import CContentTokens
import XCTest

/// The scan that turns artifacts' marked-content openings into `/Artifact BMC`: it replaces
/// exactly the openings whose MCID is listed, in the form Cairo writes and in any other form
/// the syntax allows, never takes bytes inside a string, a comment or an inline image for an
/// operator, copies every other byte, and refuses a stream it cannot read. (What it does to a
/// whole document is checked by TaggedPDFTests, reading the file back with qpdf.)
final class ArtifactMarkingTests: XCTestCase {
    /// The stream `content` with the openings of `mcids` replaced; nil if it cannot be read.
    private func mark(_ content: [UInt8], _ mcids: [Int32]) -> [UInt8]? {
        let sorted = mcids.sorted()
        var length = 0
        guard let marked = ccontent_mark_artifacts(content, content.count, sorted, sorted.count, &length) else { return nil }
        defer { free(marked) }
        return Array(UnsafeBufferPointer(start: marked, count: length))
    }

    private func mark(_ content: String, _ mcids: [Int32]) -> String? {
        mark(Array(content.utf8), mcids).map { String(decoding: $0, as: UTF8.self) }
    }

    func testTheListedOpeningsAsCairoWritesThemBecomeArtifacts() {
        let page = """
            q
            /Span << /MCID 0 >> BDC
            BT /f-0-0 1 Tf (1)Tj ET
            EMC
            /P << /MCID 1 >> BDC
            BT [(A)-9(n)]TJ ET
            EMC
            /Span << /MCID 2 >> BDC
            0 0 m 10 0 l S
            EMC Q

            """
        XCTAssertEqual(mark(page, [0, 2]), """
            q
            /Artifact BMC
            BT /f-0-0 1 Tf (1)Tj ET
            EMC
            /P << /MCID 1 >> BDC
            BT [(A)-9(n)]TJ ET
            EMC
            /Artifact BMC
            0 0 m 10 0 l S
            EMC Q

            """)
        XCTAssertEqual(mark(page, []), page, "nothing listed, nothing changed")
        XCTAssertEqual(mark(page, [1]).map { $0.contains("/P << /MCID 1 >> BDC") }, false)
    }

    func testOtherFormsOfTheOpening() {
        // The MCID among other entries, the sequence opened at the stream's start, a comment
        // among the operands, a sign on the number.
        XCTAssertEqual(mark("/Span<</Lang (en)/MCID 3/ActualText<2D>>>BDC EMC", [3]), "\n/Artifact BMC EMC")
        XCTAssertEqual(mark("Q %note\n/Span <<\n/MCID %x\n +4 >>BDC", [4]), "Q\n/Artifact BMC")
        // The first /MCID decides; without an integer after it, there is none.
        XCTAssertEqual(mark("/Span << /MCID /X /MCID 5 >> BDC", [5]), "/Span << /MCID /X /MCID 5 >> BDC")
        XCTAssertEqual(mark("/Span << /MCID 5 /MCID 6 >> BDC", [6]), "/Span << /MCID 5 /MCID 6 >> BDC")
        // A property list by name, a BMC, an MCID too large or negative: never an artifact.
        XCTAssertEqual(mark("/Span /MC0 BDC /Span BMC", [0]), "/Span /MC0 BDC /Span BMC")
        XCTAssertEqual(mark("/S << /MCID 12345678901 >> BDC /S << /MCID -1 >> BDC", [-1]),
                       "/S << /MCID 12345678901 >> BDC /S << /MCID -1 >> BDC")
        // An operator between the number and BDC ends the operands.
        XCTAssertEqual(mark("/MCID 7 re BDC", [7]), "/MCID 7 re BDC")
    }

    func testBytesInsideStringsCommentsAndInlineImagesAreNotOperators() {
        let decoys = """
            [(\\) /MCID 0 >> BDC (x) (/MCID 0 BDC) \\\\)-9((nested (/MCID 0 BDC)))]TJ
            <2F4D4349442030 203E3E20424443> Tj % /MCID 0 >> BDC
            BI /W 4 /H 1 /BPC 8 /CS /G ID (/MCID 0 BDC) EI
            /Span << /MCID 0 >> BDC
            """
        let expected = decoys.replacingOccurrences(of: "\n/Span << /MCID 0 >> BDC", with: "\n/Artifact BMC")
        XCTAssertEqual(mark(decoys, [0]), expected)
        XCTAssertEqual(mark(decoys, [1]), decoys)
    }

    func testEveryByteValueInsideAStringIsCopied() {
        // Every byte, escaped where the syntax asks, in a literal string, then in an inline
        // image; the opening after them is still found.
        var string: [UInt8] = Array("(".utf8)
        for byte in UInt8.min ... UInt8.max {
            if byte == 0x28 || byte == 0x29 || byte == 0x5C { string.append(0x5C) }
            string.append(byte)
        }
        string += Array(") Tj\nBI /W 256 /H 1 /BPC 8 /CS /G ID ".utf8)
        string += (UInt8.min ... UInt8.max).map { $0 == 0x45 ? 0x46 : $0 } // no "EI" inside
        string += Array(" EI\n".utf8)
        let opening = Array("/Span << /MCID 9 >> BDC".utf8)
        XCTAssertEqual(mark(string + opening, [9]), string.dropLast() + Array("\n/Artifact BMC".utf8))
        XCTAssertEqual(mark(string + opening, [8]), string + opening)
    }

    func testAStreamThatCannotBeReadIsRefused() {
        for unreadable in ["(never closed", "(escaped at the end\\", "a ) b", "<12G4> Tj", "<1234", "> x", "x >"] {
            XCTAssertNil(mark(unreadable, [0]), unreadable)
        }
        XCTAssertEqual(mark("", [0]), "", "an empty stream is read")
        XCTAssertEqual(mark("<<>> [] {} 1.5 -.5 true null", [0]), "<<>> [] {} 1.5 -.5 true null")
    }

    func testTheOutputNeverOutgrowsItsBuffer() {
        // The shortest opening that is replaced (11 bytes become 14), many times over: read
        // by AddressSanitizer in `make test`.
        let content = String(repeating: "/MCID 0 BDC ", count: 5_000)
        let marked = mark(content, [0])
        // Each space before an opening goes with it; the last one stays.
        XCTAssertEqual(marked, String(repeating: "\n/Artifact BMC", count: 5_000) + " ")
    }
}
