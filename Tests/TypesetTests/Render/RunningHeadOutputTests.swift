import Foundation
import TypesetKit
import XCTest

/// The running heads as a PDF reader sees them.
final class RunningHeadOutputTests: XCTestCase {
    func testAPDFsHeadsAndTitle() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} of {pages}\">\n"
                  + RunningHeadLayoutTests.longText, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options)
        XCTAssertEqual(report.diagnostics, [])
        let pages = try PopplerWordBoxes.pages(of: output)
        XCTAssertEqual(pages.count, report.pageCount)
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        let margin = options.page.margins.top
        let bottom = options.page.size.height - options.page.margins.bottom
        for (index, words) in pages.enumerated() {
            let top = words.filter { $0.yMax < margin }.map(\.text)
            XCTAssertEqual(top, index == 0 ? [] : ["Night", "Watch"], "page \(index + 1)")
            let foot = words.filter { $0.yMin > bottom }.map(\.text)
            XCTAssertEqual(foot, ["\(index + 1)", "of", "\(pages.count)"], "page \(index + 1)")
        }
        if let info = TestSupport.runTool("/usr/bin/pdfinfo", [output]) {
            XCTAssertTrue(info.contains("Title:           Night Watch"), info)
        }
    }

    /// The heads are the text layer's, read where they stand (issue 35): every reader reads
    /// the header before the page's text and the footer after it, each once, a link in it too,
    /// and no face is embedded twice (Cairo drew the heads in a subset of its own, laid over the
    /// page last).
    func testEveryReaderReadsTheHeadsOnceWhereTheyStandInTheLayersFonts() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} {link href=https://night.example}of{/link} {pages}\">\n"
                  + "The keepers walk the wall.\n", to: input)
        let options = Self.headsOnEveryPage
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options)
        XCTAssertEqual(report.diagnostics, [])
        let readers = FiveReaders.texts(ofFirstPageOf: output)
        guard readers.contains(where: { $0.text != nil }) else { throw XCTSkip("no PDF reader is installed") }
        let page = "Night Watch The keepers walk the wall. 1 of 1"
        for case let (reader, text?) in readers {
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // pdfminer.six orders the boxes it makes by their places alone, whatever the
            // content order (awaiting-fixes.txt, [layout]): it must read each word once.
            if reader == "pdfminer.six" {
                XCTAssertEqual(words.split(separator: " ").sorted(), page.split(separator: " ").sorted(), "\(reader) read: \(text)")
            } else {
                XCTAssertEqual(words, page, "\(reader) read: \(text)")
            }
        }
        guard let fonts = TestSupport.runTool("/usr/bin/pdffonts", [output]) else { throw XCTSkip("pdffonts is not installed") }
        // A subset's name is its face's after a tag of six letters and a plus.
        let faces = fonts.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ")[0].split(separator: "+").last.map(String.init) ?? "" }
        XCTAssertEqual(faces.count, Set(faces).count, fonts)
    }

    /// With the layout JSON, whose pages are set with their heads on them, a PDF's heads are
    /// still written after its last page, each band a pagination artifact laid before or after
    /// its page's body (`RunningHeadsMovedAfterTheLastPage`): the PDF is the one written without
    /// it, byte for byte. (They were drawn after the body, and readers read "1 of 1" before it.)
    func testAPDFBesideTheLayoutJSONIsThePDFWrittenWithoutIt() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} of {pages}\">\nThe keepers walk the wall.\n<pagebreak>\nThe lamp is lit.\n", to: input)
        var options = Self.headsOnEveryPage
        let alone = directory.appendingPathComponent("alone.pdf").path
        XCTAssertEqual(try Rendering.typeset(inputPath: input.path, outputPath: alone, options: options).diagnostics, [])
        options.layoutJSONPath = directory.appendingPathComponent("layout.json").path
        let beside = directory.appendingPathComponent("beside.pdf").path
        XCTAssertEqual(try Rendering.typeset(inputPath: input.path, outputPath: beside, options: options).diagnostics, [])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: beside)), try Data(contentsOf: URL(fileURLWithPath: alone)))
    }

    /// A footer's links (docs/markup.md's example, issue 35): on facing pages, each page has an
    /// annotation for each, with its URI as its `/Contents`, over the words as printed (mirrored
    /// on the left-hand page); the tree has a `Link` holding each annotation's `OBJR` after the
    /// page's text, and the PDF/UA checker and qpdf find nothing. (Every reader reads a linked
    /// head's text once: `testEveryReaderReadsTheHeadsOnceWhereTheyStandInTheLayersFonts`.)
    func testAFootersLinksAreClickableOnEveryPageAndTaggedAfterItsText() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(MarkupExample.named("running-head-link").markup + "<pagebreak>\nThe lamp is lit.\n", to: input)
        var options = Self.headsOnEveryPage
        options.page.facing = true
        options.pdfStandards = [.ua1]
        let output = directory.appendingPathComponent("doc.pdf").path
        XCTAssertEqual(try Rendering.typeset(inputPath: input.path, outputPath: output, options: options).diagnostics, [])
        let (home, subscribe) = ("https://zombie-monthly.example", "https://zombie-monthly.example/subscribe")

        // Each page's annotations (URI, /Contents, /Rect), then the tree in order: each
        // element's role, and the page of each marked sequence or annotation it holds.
        let script = """
        import sys, json; sys.path.insert(0, sys.argv[1])
        import pypdf
        reader = pypdf.PdfReader(sys.argv[2])
        pages = {page.indirect_reference.idnum: index for index, page in enumerate(reader.pages)}
        annotations = [[[a.get_object()["/A"]["/URI"], a.get_object().get("/Contents"), [float(v) for v in a.get_object()["/Rect"]]]
                        for a in page.get("/Annots", [])] for page in reader.pages]
        tree = []
        def walk(kid, page):
            kid = kid.get_object()
            if isinstance(kid, list):
                for each in kid: walk(each, page)
            elif isinstance(kid, int):
                tree.append(["MCID", page])
            elif kid.get("/Type") == "/OBJR":
                tree.append(["OBJR", pages[kid.raw_get("/Pg").idnum], kid["/Obj"].get_object().get("/Contents")])
            elif kid.get("/Type") != "/MCR":
                tree.append([kid["/S"]])
                if "/K" in kid: walk(kid["/K"], pages.get(kid.raw_get("/Pg").idnum) if "/Pg" in kid else None)
        walk(reader.trailer["/Root"]["/StructTreeRoot"]["/K"], None)
        print(json.dumps([annotations, tree]))
        """
        guard let read = TestSupport.runTool("/usr/bin/python3", ["-c", script, PDFCheck.pyPITools.path, output]),
              let json = try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [Any], json.count == 2,
              let annotations = json[0] as? [[[Any]]], let tree = json[1] as? [[Any]] else {
            throw XCTSkip("pypdf is not installed; make deps installs it")
        }
        let words = try PopplerWordBoxes.pages(of: output)
        XCTAssertEqual(annotations.count, 2)
        XCTAssertEqual(words.count, 2)
        let height = options.page.size.height
        for (index, links) in annotations.enumerated() {
            XCTAssertEqual(links.map { $0[0] as? String }, [home, subscribe], "page \(index + 1)")
            XCTAssertEqual(links.map { $0[1] as? String }, [home, subscribe], "page \(index + 1): /Contents")
            for (link, text) in zip(links, ["zombie-monthly.example", "Subscribe"]) {
                guard let rect = link[2] as? [Double], rect.count == 4,
                      let word = words[index].first(where: { $0.text == text }) else { return XCTFail("page \(index + 1): \(link), \(words[index].map(\.text))") }
                // Cairo rounds a rect's sides to whole points; poppler's boxes are in y-down coordinates.
                XCTAssertTrue(rect[0] <= word.xMin + 0.5 && word.xMax <= rect[2] + 1 && rect[1] <= height - word.yMax + 0.5
                              && height - word.yMin <= rect[3] + 0.5, "page \(index + 1): \(text) \(word) under \(rect)")
            }
        }
        // Mirrored on the left-hand page: the address at the outer edge, right of "Subscribe".
        XCTAssertLessThan(words[0].first { $0.text == "zombie-monthly.example" }!.xMin, words[0].first { $0.text == "Subscribe" }!.xMin)
        XCTAssertGreaterThan(words[1].first { $0.text == "zombie-monthly.example" }!.xMin, words[1].first { $0.text == "Subscribe" }!.xMin)
        let roles = tree.compactMap { $0.count == 1 ? $0[0] as? String : nil }
        XCTAssertEqual(roles, ["/Document", "/P", "/Link", "/Link", "/P", "/Link", "/Link"], "\(tree)")
        let objects = tree.filter { $0.first as? String == "OBJR" }.map { "\($0[1]) \($0[2])" }
        XCTAssertEqual(objects, ["0 \(home)", "0 \(subscribe)", "1 \(home)", "1 \(subscribe)"])
        PDFCheck.assertClean(pdfAt: output)
        XCTAssertNil(PDFCheck.pdfUAFindings(inPDFAt: output))
    }

    /// The bundled fonts, and the header on the first page too (each test's document is a page or two).
    private static var headsOnEveryPage: TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.headerOnFirstPage = true
        return options
    }
}
