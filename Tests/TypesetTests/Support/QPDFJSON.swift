import Foundation
import XCTest

/// A PDF as qpdf reads it (`qpdf --json=2`): its pages' boxes and its information dictionary,
/// read by a real PDF library rather than by searching the file's bytes.
struct QPDFJSON {
    /// Each page's dictionary, in page order.
    var pages: [[String: Any]]
    /// The document information dictionary, strings without qpdf's `u:` or `b:` prefix.
    var info: [String: String]
    /// The bookmarks' destinations in outline order: where on its page each one points.
    var outlineTargets: [(x: Double, y: Double)]
    private var objects: [String: Any]

    init(pdfAt path: String) throws {
        guard let output = TestSupport.runTool(PDFCheck.qpdf, ["--json=2", "--json-key=pages", "--json-key=qpdf", path]) else {
            throw XCTSkip("qpdf is not installed or cannot read \(path)")
        }
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func value(_ reference: String) -> [String: Any]? {
            (objects["obj:\(reference)"] as? [String: Any])?["value"] as? [String: Any]
        }
        self.objects = objects
        let pageList = try XCTUnwrap(root["pages"] as? [[String: Any]])
        outlineTargets = pageList.flatMap { ($0["outlines"] as? [[String: Any]]) ?? [] }.compactMap { outline in
            guard let destination = outline["dest"] as? [Any], destination.count >= 4,
                  let x = destination[2] as? NSNumber, let y = destination[3] as? NSNumber else { return nil }
            return (x.doubleValue, y.doubleValue)
        }
        pages = try pageList.map { try XCTUnwrap(value(XCTUnwrap($0["object"] as? String))) }
        let trailer = try XCTUnwrap((objects["trailer"] as? [String: Any])?["value"] as? [String: Any])
        let infoObject = (trailer["/Info"] as? String).flatMap(value) ?? [:]
        info = infoObject.compactMapValues { ($0 as? String).map { String($0.drop { $0 != ":" }.dropFirst()) } }
    }

    /// The rectangles of page `index`'s link annotations: left, bottom, right, top.
    func linkRects(page index: Int) -> [[Double]] {
        let annotations = (pages[index]["/Annots"] as? [Any]) ?? []
        return annotations.compactMap { reference in
            guard let reference = reference as? String,
                  let annotation = (objects["obj:\(reference)"] as? [String: Any])?["value"] as? [String: Any],
                  annotation["/Subtype"] as? String == "/Link" else { return nil }
            return (annotation["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
        }
    }

    /// The box `key` (`/MediaBox`, `/TrimBox`, …) of page `index`: left, bottom, right, top.
    func box(_ key: String, page index: Int) -> [Double]? {
        (pages[index][key] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }
}
