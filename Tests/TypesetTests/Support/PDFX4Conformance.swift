import Foundation
import Render
import XCTest

/// What makes a file PDF/X-4, read back with qpdf: the output intent and its CMYK profile, the
/// information dictionary and the XMP claiming the standard alike, a version PDF/X-4 allows, a
/// file identifier, every page's boxes nested and no annotation, and every RGB colour labelled
/// sRGB. `PDFX4Tests` checks each on the zombie magazine; other documents meant for the press
/// (`PrintFeatureTests`) are checked with all of them at once.
enum PDFX4Conformance {
    /// Every check below on the file at `path`.
    static func assertConforms(pdfAt path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let pdf = try PDFObjectTree(pdfAt: path)
        _ = try assertOutputIntent(of: pdf, file: file, line: line)
        try assertInformationAndXMPClaimPDFX4(pdf, file: file, line: line)
        try assertVersionIdentifierAndBoxes(pdfAt: path, pdf, file: file, line: line)
        try assertEveryRGBColourIsLabelledSRGB(pdf, file: file, line: line)
    }

    /// One `/GTS_PDFX` output intent whose profile is an output device's CMYK profile; returns
    /// the profile's bytes.
    @discardableResult
    static func assertOutputIntent(of pdf: PDFObjectTree, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let intents = try XCTUnwrap(pdf.array(pdf.catalog["/OutputIntents"]), file: file, line: line)
        XCTAssertEqual(intents.count, 1, file: file, line: line)
        let intent = try XCTUnwrap(pdf.dictionary(intents.first), file: file, line: line)
        XCTAssertEqual(intent["/Type"] as? String, "/OutputIntent", file: file, line: line)
        XCTAssertEqual(intent["/S"] as? String, "/GTS_PDFX", file: file, line: line)
        let reference = try XCTUnwrap(intent["/DestOutputProfile"] as? String, file: file, line: line)
        XCTAssertEqual(pdf.dictionary(reference)?["/N"] as? Int, 4, file: file, line: line)
        let profile = try pdf.streamData(reference)
        XCTAssertEqual(String(decoding: profile[36 ..< 40], as: UTF8.self), "acsp", file: file, line: line)
        XCTAssertEqual(String(decoding: profile[16 ..< 20], as: UTF8.self), "CMYK", file: file, line: line)
        XCTAssertEqual(String(decoding: profile[12 ..< 16], as: UTF8.self), "prtr", "an output device's profile", file: file, line: line)
        return profile
    }

    /// The information dictionary and the XMP packet both say PDF/X-4 and not trapped, and
    /// give the same dates, tool and producer.
    static func assertInformationAndXMPClaimPDFX4(_ pdf: PDFObjectTree, file: StaticString = #filePath, line: UInt = #line) throws {
        let info = pdf.info
        XCTAssertEqual(PDFObjectTree.text(info["/GTS_PDFXVersion"]), "PDF/X-4", file: file, line: line)
        XCTAssertEqual(info["/Trapped"] as? String, "/False", "a name, not a string", file: file, line: line)
        let reference = try XCTUnwrap(pdf.catalog["/Metadata"] as? String, file: file, line: line)
        let stream = try XCTUnwrap(pdf.dictionary(reference), file: file, line: line)
        XCTAssertEqual(stream["/Type"] as? String, "/Metadata", file: file, line: line)
        XCTAssertEqual(stream["/Subtype"] as? String, "/XML", file: file, line: line)
        XCTAssertNil(stream["/Filter"], "XMP is left uncompressed, readable without a PDF library", file: file, line: line)
        let xmp = try XMPProperties(pdf.streamData(reference, filtered: false))
        XCTAssertEqual(xmp["pdfxid:GTS_PDFXVersion"], "PDF/X-4", file: file, line: line)
        XCTAssertEqual(xmp["pdf:Trapped"], "False", file: file, line: line)
        XCTAssertEqual(xmp["xmp:CreatorTool"], PDFObjectTree.text(info["/Creator"]), file: file, line: line)
        XCTAssertEqual(xmp["pdf:Producer"], PDFObjectTree.text(info["/Producer"]), file: file, line: line)
    }

    /// PDF/X-4 is PDF 1.6 at most, has a file identifier, and every page a TrimBox inside its
    /// BleedBox inside its MediaBox, and no annotation; qpdf finds nothing wrong.
    static func assertVersionIdentifierAndBoxes(pdfAt path: String, _ pdf: PDFObjectTree,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
        let header = try XCTUnwrap(FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 8), file: file, line: line)
        let version = String(decoding: header, as: UTF8.self).dropFirst(5)
        XCTAssertTrue(["1.3", "1.4", "1.5", "1.6"].contains(version), "%PDF-\(version)", file: file, line: line)
        XCTAssertNil(PDFCheck.problems(inPDFAt: path), file: file, line: line)
        XCTAssertEqual((pdf.trailer["/ID"] as? [Any])?.count, 2, file: file, line: line)
        for (index, page) in pdf.pages.enumerated() {
            let box = { (key: String) in ((page[key] as? [Any]) ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }
            let trim = box("/TrimBox"), bleed = box("/BleedBox"), media = box("/MediaBox")
            XCTAssertEqual([trim.count, bleed.count, media.count], [4, 4, 4], "page \(index + 1)", file: file, line: line)
            guard trim.count == 4, bleed.count == 4, media.count == 4 else { continue }
            XCTAssertTrue(bleed[0] <= trim[0] && bleed[1] <= trim[1] && bleed[2] >= trim[2] && bleed[3] >= trim[3], "page \(index + 1)",
                          file: file, line: line)
            XCTAssertTrue(media[0] <= bleed[0] && media[1] <= bleed[1] && media[2] >= bleed[2] && media[3] >= bleed[3], "page \(index + 1)",
                          file: file, line: line)
            XCTAssertNil(page["/Annots"], "page \(index + 1): no annotation", file: file, line: line)
        }
    }

    /// Nothing names DeviceRGB but the sRGB profile's own alternate; every page's resources
    /// carry a DefaultRGB that is that profile.
    static func assertEveryRGBColourIsLabelledSRGB(_ pdf: PDFObjectTree, file: StaticString = #filePath, line: UInt = #line) throws {
        for (reference, dictionary) in pdf.allDictionaries {
            for (key, value) in dictionary where key != "/Alternate" {
                XCTAssertFalse("\(value)".contains("/DeviceRGB"), "\(reference) \(key): \(value)", file: file, line: line)
            }
        }
        for (index, page) in pdf.pages.enumerated() {
            let spaces = pdf.dictionary(pdf.dictionary(page["/Resources"])?["/ColorSpace"])
            let defaultRGB = try XCTUnwrap(spaces?["/DefaultRGB"] as? [Any], "page \(index + 1)", file: file, line: line)
            XCTAssertEqual(defaultRGB.first as? String, "/ICCBased", file: file, line: line)
            let profile = try pdf.streamData(XCTUnwrap(defaultRGB.last as? String, file: file, line: line))
            XCTAssertEqual(String(decoding: profile[16 ..< 20], as: UTF8.self), "RGB ", file: file, line: line)
            XCTAssertEqual(String(decoding: profile[36 ..< 40], as: UTF8.self), "acsp", file: file, line: line)
        }
    }
}
