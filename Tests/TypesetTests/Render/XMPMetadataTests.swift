import Foundation
@testable import Render
import XCTest

/// The XMP packet on its own: well-formed XML whatever the text holds, one line to add a
/// property (as PDF/UA's identification will be), values replaced rather than repeated.
final class XMPMetadataTests: XCTestCase {
    func testTextThatLooksLikeMarkupIsEscapedAndReadBackAsWritten() throws {
        var xmp = XMPMetadata()
        let title = "Tom & Jerry's <\"Greatest\"> Hits"
        xmp.set(.dublinCore, "title", .defaultLanguage(title))
        xmp.set(.dublinCore, "creator", .ordered(["Ada <Lovelace>"]))
        let read = try XMPProperties(xmp.packet)
        XCTAssertEqual(read["dc:title"], title)
        XCTAssertEqual(read["dc:creator"], "Ada <Lovelace>")
        XCTAssertFalse(xmp.xml.contains("<Lovelace>"), "no raw markup from the text")
    }

    /// XML 1.0 cannot hold most control characters at all, escaped or not: they are left out.
    func testControlCharactersAreLeftOut() throws {
        var xmp = XMPMetadata()
        xmp.set(.dublinCore, "title", .defaultLanguage("Bell\u{07}and\tTab"))
        XCTAssertEqual(try XMPProperties(xmp.packet)["dc:title"], "Belland\tTab")
    }

    func testAPropertyOfAnotherSchemaIsOneLineAndGetsItsNamespace() throws {
        var xmp = XMPMetadata()
        xmp.set(.pdfuaid, "part", .text("1"))
        XCTAssertTrue(xmp.xml.contains("xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\""), xmp.xml)
        XCTAssertEqual(try XMPProperties(xmp.packet)["pdfuaid:part"], "1")
    }

    func testSettingAPropertyAgainReplacesIt() throws {
        var xmp = XMPMetadata()
        xmp.set(.basic, "CreatorTool", .text("first"))
        xmp.set(.basic, "CreatorTool", .text("typeset"))
        XCTAssertEqual(xmp.value(of: .basic, "CreatorTool"), .text("typeset"))
        XCTAssertEqual(xmp.xml.components(separatedBy: "<xmp:CreatorTool>").count, 2, "written once")
    }

    /// The packet is wrapped as XMP requires: the xpacket processing instructions round the
    /// `x:xmpmeta` element, and RDF inside.
    func testThePacketIsWrapped() {
        let xml = XMPMetadata().xml
        XCTAssertTrue(xml.hasPrefix("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"))
        XCTAssertTrue(xml.contains("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">"))
        XCTAssertTrue(xml.hasSuffix("<?xpacket end=\"r\"?>\n"))
    }

    /// The identifiers are the same however the draft's bytes come in pieces (it is hashed a
    /// piece at a time, never mapped whole), the same as earlier files' for the same bytes, and
    /// another for a byte changed.
    func testTheIdentifiersOfBytesAreTheSameInPiecesAsWhole() {
        let bytes = Array("%PDF-1.5\nBrains, more brains.\n".utf8)
        var whole = ContentUUID(), pieces = ContentUUID(), changed = ContentUUID()
        bytes.withUnsafeBytes { whole.add($0) }
        for piece in [bytes[..<3], bytes[3 ..< 4], bytes[4 ..< 4], bytes[4...]] {
            Array(piece).withUnsafeBytes { pieces.add($0) }
        }
        (bytes.dropLast() + [UInt8(ascii: "!")]).withUnsafeBytes { changed.add($0) }
        XCTAssertEqual(whole.uuid(salt: "document"), "58769065-ad03-8efe-a75a-021bb5d7cf3d")
        XCTAssertEqual(pieces.uuid(salt: "document"), whole.uuid(salt: "document"))
        XCTAssertEqual(whole.uuid(salt: "instance"), "408df41d-7093-876d-8039-607c55616451", "the salt tells the two apart")
        XCTAssertNotEqual(changed.uuid(salt: "document"), whole.uuid(salt: "document"))
    }
}
