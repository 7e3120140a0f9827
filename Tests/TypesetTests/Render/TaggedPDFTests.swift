import Foundation
import Render
import Text
import TypesetKit
import XCTest

/// Every PDF is a tagged PDF: its structure tree, read back with qpdf and walked the way a
/// screen reader walks it (depth first, each element's text from its marked content), holds
/// the document's headings, paragraphs, figures, captions, links and language changes in the
/// document's own order, across columns and pages.
final class TaggedPDFTests: XCTestCase {
    private static let story = """
    <meta title="The Last Keepers">
    <p style="headline">The Last Keepers</p>
    <p style="subheadline">A lighthouse, two keepers and a very long winter</p>
    The keepers climb the stairs at dusk, and a visitor may follow the <a href="https://example.org/light">story of the lamp that never went out</a> in the log.
    The older keeper greets every boat in Spanish: <font lang="es">buenas noches, marineros</font>, she calls, and the boats answer.
    """

    /// Text without its spaces, line ends and hyphens, which extraction and layout place
    /// differently (a hyphen added at a line's end is read as one), ligatures as their letters.
    /// The text of `element` and its children, depth first, without what a picture (a `Figure`'s
    /// own marked content) draws.
    private func textOutsidePictures(of element: TaggedPDF.Element, in tagged: TaggedPDF) -> String {
        element.kids.map { kid -> String in
            switch kid {
            case .content(let page, let mcid): element.role == "Figure" ? "" : tagged.markedText[page][mcid] ?? ""
            case .element(let child): textOutsidePictures(of: child, in: tagged)
            case .object: ""
            }
        }.joined()
    }

    private func letters(_ text: String) -> String {
        String(text.precomposedStringWithCompatibilityMapping.unicodeScalars.filter {
            !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "\u{AD}" && $0 != "-"
        }.map(Character.init))
    }

    private func pdf(_ markup: String, arguments: (inout TypesetOptions) -> Void = { _ in }) throws -> TaggedPDF {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try markup.write(to: input, atomically: true, encoding: .utf8)
        // A picture beside the document, for those that show one.
        try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg"),
                                         to: directory.appendingPathComponent("coffee.jpg"))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        arguments(&options)
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        return try TaggedPDF(pdfAt: output)
    }

    func testHeadingsParagraphsLinkAndSpanInReadingOrder() throws {
        let tagged = try pdf(Self.story)
        XCTAssertEqual(tagged.root?.role, "Document")
        XCTAssertEqual(tagged.readingOrder.map(\.role), ["H1", "H2", "P", "Link", "P", "Span"])
        XCTAssertEqual(tagged.elements("H1").map { tagged.text(of: $0) }, ["The Last Keepers"])
        XCTAssertEqual(tagged.elements("H2").map { letters(tagged.text(of: $0)) }, [letters("A lighthouse, two keepers and a very long winter")])
        let paragraphs = tagged.elements("P")
        XCTAssertEqual(paragraphs.count, 2, "one P a paragraph, whatever its lines and pieces")
        XCTAssertEqual(letters(tagged.text(of: paragraphs[0])),
                       letters("The keepers climb the stairs at dusk, and a visitor may follow the story of the lamp that never went out in the log."))
        let span = try XCTUnwrap(tagged.elements("Span").first)
        XCTAssertEqual(span.string("/Lang"), "es")
        XCTAssertEqual(letters(tagged.text(of: span)), letters("buenas noches, marineros"))
    }

    /// A paragraph wholly in another language has `/Lang` on its `P`, no `Span` inside it; one
    /// with a phrase in another language keeps the phrase's `Span`.
    func testAParagraphInAnotherLanguageHasItsLangOnItsP() throws {
        let tagged = try pdf("""
        The keepers climb the stairs at dusk.
        <p lang="fr">Le gardien monte l'escalier au crépuscule ; il allume la lampe.</p>
        And the boats answer <font lang="es">buenas noches</font> from the harbour.
        """)
        let paragraphs = tagged.elements("P")
        XCTAssertEqual(paragraphs.count, 3)
        XCTAssertNil(paragraphs[0].string("/Lang"), "the document's language")
        XCTAssertEqual(paragraphs[1].string("/Lang"), "fr")
        XCTAssertNil(paragraphs[2].string("/Lang"))
        XCTAssertEqual(tagged.elements("Span").map { $0.string("/Lang") }, ["es"], "the Spanish phrase alone is a Span")
        XCTAssertEqual(letters(tagged.text(of: paragraphs[1])), letters("Le gardien monte l'escalier au crépuscule ; il allume la lampe."))
    }

    func testTheLinkHoldsItsTextAndItsAnnotationWhichPointsBack() throws {
        let tagged = try pdf(Self.story)
        let link = try XCTUnwrap(tagged.elements("Link").first)
        XCTAssertEqual(letters(tagged.text(of: link)), letters("story of the lamp that never went out"))
        let annotations = link.kids.compactMap { kid -> String? in if case .object(let reference) = kid { return reference } else { return nil } }
        XCTAssertFalse(annotations.isEmpty)
        for reference in annotations {
            let annotation = try XCTUnwrap(tagged.object(reference))
            XCTAssertEqual(annotation["/Subtype"] as? String, "/Link")
            let key = try XCTUnwrap((annotation["/StructParent"] as? NSNumber)?.intValue)
            // The parent tree maps the annotation's key back to the Link element.
            let root = try XCTUnwrap(tagged.object(try XCTUnwrap(tagged.catalog["/StructTreeRoot"] as? String)))
            let parentTree = try XCTUnwrap(tagged.object(try XCTUnwrap(root["/ParentTree"] as? String)))
            let numbers = try XCTUnwrap(parentTree["/Nums"] as? [Any])
            let index = try XCTUnwrap(stride(from: 0, to: numbers.count, by: 2).first { (numbers[$0] as? NSNumber)?.intValue == key })
            let element = try XCTUnwrap(tagged.object(try XCTUnwrap(numbers[index + 1] as? String)))
            XCTAssertEqual(element["/S"] as? String, "/Link")
        }
    }

    func testTheCatalogSaysLanguageTitleAndMarking() throws {
        let tagged = try pdf(Self.story) { $0.language = "en-GB" }
        XCTAssertEqual(tagged.catalog["/Lang"] as? String, "u:en-GB")
        XCTAssertEqual((tagged.catalog["/MarkInfo"] as? [String: Any])?["/Marked"] as? Bool, true)
        XCTAssertEqual((tagged.catalog["/ViewerPreferences"] as? [String: Any])?["/DisplayDocTitle"] as? Bool, true)
        XCTAssertEqual(tagged.structParents, [0])
    }

    func testAParagraphOverTwoColumnsAndTwoPagesIsOneParagraphReadInOrder() throws {
        let sentences = (1 ... 140).map { "Sentence number \($0) of the long paragraph goes on." }
        let markup = "<section columns=\"2\">\n<p hyphenate=\"false\">" + sentences.joined(separator: " ") + "</p>\nA short paragraph after it.\n"
        let tagged = try pdf(markup) { $0.page.size = Size(width: 300, height: 300) }
        let paragraphs = tagged.elements("P")
        XCTAssertEqual(paragraphs.count, 2)
        let long = try XCTUnwrap(paragraphs.first)
        let pages = Set(long.kids.compactMap { kid -> Int? in if case .content(let page, _) = kid { return page } else { return nil } })
        XCTAssertGreaterThanOrEqual(pages.count, 2, "the paragraph runs over pages")
        XCTAssertEqual(letters(tagged.text(of: long)), letters(sentences.joined(separator: " ")))
        XCTAssertEqual(letters(tagged.text(of: paragraphs[1])), letters("A short paragraph after it."))
    }

    func testZombieMagazineHeadlinesFiguresAndParagraphs() throws {
        // On a sheet with a bleed and crop marks, which are artifacts too, and move the pictures.
        let (tagged, fixture, _, options) = try fixturePDF("zombies") { $0.sheet = PrintSheet(bleed: 8.5, cropMarks: true) }
        let source = try String(contentsOf: fixture, encoding: .utf8)
        let text = try Typesetter(options: options).prepare(fileAt: fixture.path).text

        // Every headline (outline level 1) an H1, in order.
        let headlines = source.components(separatedBy: "<p outline-level=\"1\"").count - 1
        XCTAssertEqual(tagged.elements("H1").count, headlines)
        XCTAssertEqual(letters(tagged.text(of: try XCTUnwrap(tagged.elements("H1").first))), letters("From the Editor’s Barricade"))
        // Every picture is marked content of a Figure, with its box on the page.
        let pictures = source.components(separatedBy: "<img ").count - 1
        let figures = tagged.elements("Figure")
        XCTAssertEqual(figures.filter { $0.dictionary["/A"] != nil }.count, pictures)
        // Every figure described, each picture's words from its alt.
        XCTAssertTrue(figures.allSatisfy { !($0.string("/Alt") ?? "").isEmpty })
        XCTAssertTrue(figures.contains { $0.string("/Alt") == "A tabby cat’s face, close up, its green eyes wide open" })
        for figure in figures where figure.dictionary["/A"] != nil {
            let bounds = try XCTUnwrap((figure.dictionary["/A"] as? [String: Any])?["/BBox"] as? [Any])
            XCTAssertEqual(bounds.count, 4)
        }
        // Each picture's box is where it is drawn: inside the trim, past the sheet's margin.
        let margin = PrintSheet(bleed: 8.5, cropMarks: true).margin
        for figure in figures {
            guard let bounds = (figure.dictionary["/A"] as? [String: Any])?["/BBox"] as? [NSNumber] else { continue }
            XCTAssertGreaterThanOrEqual(bounds[0].doubleValue, margin - 0.01)
            XCTAssertGreaterThan(bounds[2].doubleValue, bounds[0].doubleValue)
            XCTAssertGreaterThan(bounds[3].doubleValue, bounds[1].doubleValue)
        }
        XCTAssertEqual(tagged.unmarkedPainting, Array(repeating: 0, count: tagged.markedText.count), "everything drawn is content or artifact")
        // A figure's caption is inside it.
        XCTAssertTrue(figures.contains { roles(under: $0).contains("Caption") })
        // One P for each paragraph of body text drawn: the text's paragraphs with letters,
        // neither headings nor pictures alone.
        var expected = 0
        var start = 0
        while start < text.length {
            let range = text.paragraphRange(containing: start)
            let characters = String(decoding: text.storage[range], as: UTF16.self)
            if text.paragraphStyle(at: range.lowerBound).outlineLevel == 0, characters.unicodeScalars.contains(where: CharacterSet.letters.contains) {
                expected += 1
            }
            start = max(range.upperBound, start + 1)
        }
        XCTAssertEqual(tagged.elements("P").count, expected)
        // The tree reads the whole text of the document in its order; a picture's own words
        // (the SVG masthead's) are the picture's, read as its /Alt.
        let documentText = String(decoding: text.storage, as: UTF16.self).replacingOccurrences(of: "\u{FFFC}", with: "")
        XCTAssertEqual(letters(tagged.root.map { textOutsidePictures(of: $0, in: tagged) } ?? ""), letters(documentText))
    }

    /// The fixture `name` typeset, its path, and the PDF read back.
    private func fixturePDF(_ name: String, options change: (inout TypesetOptions) -> Void = { _ in }) throws
        -> (tagged: TaggedPDF, fixture: URL, path: String, options: TypesetOptions) {
        let fixture = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/\(name)/\(name).txt")
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        change(&options)
        let output = try makeTemporaryDirectory().appendingPathComponent("\(name).pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: fixture.path, outputPath: output)
        return (try TaggedPDF(pdfAt: output), fixture, output, options)
    }

    /// The zombie fixture as typeset with the defaults, read once for the tests that read the
    /// whole of it (a debug build checks its seven pages as it sets them), in a folder removed
    /// once it is read; qpdf checks the file first, as it checks every test's.
    private static let zombies: Result<TaggedPDF, Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-tagged-zombies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let output = folder.appendingPathComponent("zombies.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies/zombies.txt").path,
                                                     outputPath: output)
        if let problems = PDFCheck.problems(inPDFAt: output) { throw TaggedZombiesFailure(message: "qpdf --check: \(problems)") }
        return try TaggedPDF(pdfAt: output)
    }

    private struct TaggedZombiesFailure: Error {
        var message: String
    }

    /// The types of the elements among `element`'s children.
    private func roles(under element: TaggedPDF.Element?) -> [String] {
        element?.kids.compactMap { kid -> String? in if case .element(let child) = kid { return child.role } else { return nil } } ?? []
    }

    /// `--pages`: each page written holds the marked content and the running heads (artifacts,
    /// laid over it after the last page) it holds in the whole document, and the tree holds
    /// the same marked content of those pages, and nothing else.
    func testSomePagesOfATaggedPDFAreTheirPagesOfTheWhole() throws {
        let whole = try Self.zombies.get()
        let some = try fixturePDF("zombies") { $0.pages = try! PageSelection(parsing: "2,5-6") }.tagged
        XCTAssertEqual(some.markedText.count, 3)
        XCTAssertEqual(some.markedText, [whole.markedText[1], whole.markedText[4], whole.markedText[5]])
        XCTAssertEqual(some.artifactText, [whole.artifactText[1], whole.artifactText[4], whole.artifactText[5]],
                       "the running heads over the pages they belong to")
        XCTAssertEqual(some.unmarkedPainting, [0, 0, 0], "everything drawn is content or artifact")
        // The tree's marked content, by the element's type: the whole's on the pages written.
        func references(_ tagged: TaggedPDF, pages: [Int]) -> [String] {
            tagged.elements.flatMap { element in
                element.kids.compactMap { kid -> String? in
                    guard case .content(let page, let mcid) = kid, let index = pages.firstIndex(of: page) else { return nil }
                    return "\(element.role) \(index)/\(mcid)"
                }
            }.sorted()
        }
        XCTAssertEqual(references(some, pages: [0, 1, 2]), references(whole, pages: [1, 4, 5]))
        XCTAssertEqual(references(some, pages: Array(0 ..< 99)).count, references(some, pages: [0, 1, 2]).count, "nothing on other pages")
    }

    func testRunningHeadsRulesAndBoxesAreArtifactsAndNothingIsUnmarked() throws {
        let tagged = try fixturePDF("running-heads").tagged
        XCTAssertGreaterThan(tagged.markedText.count, 1)
        XCTAssertEqual(tagged.unmarkedPainting, Array(repeating: 0, count: tagged.markedText.count), "everything drawn is content or artifact")
        XCTAssertTrue(tagged.artifactText.allSatisfy { !$0.isEmpty }, "every page has its running heads as artifacts")
        // The running heads are not read: the tree's text is the document's alone.
        let heads = try XCTUnwrap(tagged.artifactText.first)
        XCTAssertFalse(letters(tagged.text).contains(letters(heads)))
    }

    func testAListIsAnLOfItemsEachWithItsLabelAndBody() throws {
        let tagged = try pdf("""
        Before the siege, pack:
        <li>a torch<li>a tin of biscuits
        <li marker="–" indent="24">a sense of humour, which lasts longer than the biscuits and weighs nothing at all, however far the road</li>
        <li type="number">Lock the door.
        After that, wait.
        """)
        // The bullets and the numbered item right after them are two lists (the markup counts
        // numbered items in a row; a bullet item starts the count again).
        XCTAssertEqual(roles(under: tagged.root), ["P", "L", "L", "P"])
        XCTAssertEqual(tagged.elements("L").map { roles(under: $0) }, [["LI", "LI", "LI"], ["LI"]])
        let items = tagged.elements("LI")
        XCTAssertEqual(items.count, 4)
        for item in items {
            XCTAssertEqual(roles(under: item), ["Lbl", "LBody"])
        }
        XCTAssertEqual(tagged.elements("Lbl").map { letters(tagged.text(of: $0)) }, ["•", "•", "–", "1."])
        XCTAssertEqual(tagged.elements("LBody").map { letters(tagged.text(of: $0)) },
                       ["atorch", "atinofbiscuits", letters("a sense of humour, which lasts longer than the biscuits and weighs nothing at all, however far the road"),
                        "Lockthedoor."])
    }

    /// The spread's tree has more elements than Cairo's (lists, figures, captions): its second
    /// caption, among the last elements written, once lost its paragraph (an element numbered
    /// after Cairo's numbers ran out was referred to while it was still a null object, which
    /// qpdf takes as no kid at all).
    func testEveryCaptionOfTheSpreadHoldsItsParagraph() throws {
        let (tagged, _, _, _) = try fixturePDF("magazine-spread")
        let captions = tagged.elements("Caption")
        XCTAssertEqual(captions.map { roles(under: $0) }, [["P"], ["P"]])
        XCTAssertEqual(captions.map { letters(tagged.text(of: $0)) }, [
            letters("Tea at the top of the stair, five times a day, whatever the weather."),
            letters("From the gallery on a clear night the keepers can see the launch site on the far headland, floodlit, "
                + "and now and then a rocket going up — the only other light on the coast that anyone still keeps."),
        ])
    }

    /// Without text nothing is marked, and Cairo writes no tree: the file still has one, an
    /// empty `Document`.
    func testADocumentWithoutTextHasAnEmptyDocument() throws {
        let tagged = try pdf("\n")
        XCTAssertEqual(tagged.root?.role, "Document")
        XCTAssertEqual(roles(under: tagged.root), [])
    }

    func testTaggingLosesNoTextThatPdftotextFinds() throws {
        let (tagged, _, output, _) = try fixturePDF("running-heads")
        let extracted = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [output, "-"]))
        // Every letter pdftotext reads is in the tree or in an artifact, as often.
        let read = letters(tagged.text + tagged.artifactText.joined())
        XCTAssertEqual(String(letters(extracted).sorted()), String(read.sorted()))
    }

    func testTheMarkupPagesExampleReadsInItsOrder() throws {
        let tagged = try pdf(MarkupExample.named("tagged-pdf").markup)
        XCTAssertEqual(roles(under: tagged.root), ["H1", "P", "P", "L"])
        XCTAssertEqual(tagged.elements("Link").count, 1)
        XCTAssertEqual(tagged.elements("Span").first?.string("/Lang"), "es")
        XCTAssertEqual(letters(tagged.text), letters("""
            The Lighthouse Log The keepers climb the stairs at dusk; the story of the lamp is in the log. The older keeper \
            greets every boat: buenas noches. Before the storm, bring in: • the lamp oil • the logbook
            """))
    }

    func testAFigureIsDescribedByItsAltAndADecorationIsAnArtifact() throws {
        let tagged = try pdf("""
        A paragraph before the figure.
        <figure alt="Two cups of coffee on a table">
        <img src="coffee.jpg" width="100" height="66">
        <img src="coffee.jpg" alt="The same cup again, from above" width="100" height="66">
        The night shift's fuel.
        </figure>
        A flourish: <img src="coffee.jpg" alt="" width="20" height="13"> and the text goes on.
        """)
        let figures = tagged.elements("Figure")
        XCTAssertEqual(figures.map { $0.string("/Alt") }, ["Two cups of coffee on a table", "The same cup again, from above"])
        XCTAssertEqual(roles(under: figures.first), ["Figure", "Caption"])
        XCTAssertEqual(letters(tagged.text(of: try XCTUnwrap(tagged.elements("Caption").first))), letters("The night shift's fuel."))
        // The decoration is drawn, as an artifact, and read by nobody.
        XCTAssertEqual(tagged.unmarkedPainting, [0])
        XCTAssertEqual(figures.count, 2)
    }

    /// Issue 33: the zombie fixture's cat does not fit below the text in its column, so the
    /// text after it fills the column and the figure opens the next one (on the next page); a
    /// screen reader still reads it where it is written, between the paragraphs round it.
    func testAFigureThatWaitedForTheNextColumnIsReadWhereItIsWritten() throws {
        let tagged = try Self.zombies.get()
        let text = letters(tagged.text(of: try XCTUnwrap(tagged.root)))
        let before = try XCTUnwrap(text.range(of: letters("she is not impressed by any of this")))
        let heroes = try XCTUnwrap(text.range(of: letters("Every outbreak produces its heroes")))
        let caption = try XCTUnwrap(text.range(of: letters("Chelsea, photographed at the precise moment")))
        let after = try XCTUnwrap(text.range(of: letters("What makes Chelsea remarkable")))
        XCTAssertLessThan(before.lowerBound, heroes.lowerBound)
        XCTAssertLessThan(heroes.lowerBound, caption.lowerBound)
        XCTAssertLessThan(caption.lowerBound, after.lowerBound, "the caption read before the paragraph written after the figure")
    }

    func testABledOpenerIsReadInItsOrderWithItsPictureBoxedWhereItIsDrawn() throws {
        let (tagged, _, _, _) = try fixturePDF("bleed-opener") { $0.sheet = PrintSheet(bleed: 8.5, cropMarks: true) }
        XCTAssertEqual(tagged.unmarkedPainting, Array(repeating: 0, count: tagged.markedText.count), "everything drawn is content or artifact")
        XCTAssertEqual(roles(under: tagged.root).prefix(3), ["Figure", "H1", "H2"], "the picture is read where it is written")
        let rocket = try XCTUnwrap(tagged.elements("Figure").first)
        XCTAssertEqual(rocket.string("/Alt"), "A rocket on its launch pad at night, between floodlit towers")
        // It runs past the trim into the bleed: its box starts left of the trimmed page.
        let bounds = try XCTUnwrap((rocket.dictionary["/A"] as? [String: Any])?["/BBox"] as? [NSNumber])
        XCTAssertLessThan(bounds[0].doubleValue, PrintSheet(bleed: 8.5, cropMarks: true).margin - 1)
        XCTAssertEqual(tagged.elements("Aside").count, 1, "the aside")
        XCTAssertEqual(tagged.roleMap, ["Aside": "Sect"], "read as a section by a PDF 1.7 reader")
    }

    /// Issue 36: a table is `Table` → `THead` and `TBody` → `TR` → `TH` (with `/Scope`) and `TD`
    /// (with `/ColSpan`, `/RowSpan`), each cell's text in its cell.
    /// A `<figure>` of a table and its caption, no picture, is a `Div` holding them: a `Figure`
    /// must have `/Alt` (PDF/UA-1), and it shows nothing to describe. As a `Figure`, `pdfua
    /// check` found it without one in winter-kitchens set as PDF/UA.
    func testAFigureOfATableIsADivHoldingTheTableAndItsCaption() throws {
        let tagged = try pdf("Before.\n<figure float=\"top\"><table header-rows=\"1\"><tr><th>Soup</th><th>Valley</th></tr><tr><td>Gommer Suppe</td><td>Goms</td></tr></table><caption>A table.</caption></figure>\nAfter.\n")
        XCTAssertEqual(tagged.elements("Figure").count, 0)
        XCTAssertEqual(roles(under: tagged.elements("Div").first), ["Table", "Caption"])
    }

    func testATableIsTaggedByRowsAndCellsWithScopesAndSpans() throws {
        let tagged = try pdf(TableMarkupTests.issueExample)
        func attributes(_ element: TaggedPDF.Element) -> [String: Any] { element.dictionary["/A"] as? [String: Any] ?? [:] }
        XCTAssertEqual(tagged.elements("Table").count, 1)
        XCTAssertEqual(tagged.elements("THead").count, 1)
        XCTAssertEqual(tagged.elements("TBody").count, 1)
        XCTAssertEqual(tagged.elements("TR").count, 4)
        let headers = tagged.elements("TH")
        XCTAssertEqual(headers.map { letters(tagged.text(of: $0)) }, ["Period", "Freezes", "Daysofice", "Winters"])
        XCTAssertEqual(headers.map { "\(attributes($0)["/Scope"] ?? "")" }, Array(repeating: "/Column", count: 4))
        let cells = tagged.elements("TD")
        XCTAssertEqual(cells.count, 10)
        let across = cells.filter { attributes($0)["/ColSpan"] != nil }
        XCTAssertEqual(across.map { letters(tagged.text(of: $0)) }, [letters("A cell across two columns, whose text wraps onto as many lines as it needs")])
        XCTAssertEqual(cells.filter { attributes($0)["/RowSpan"] != nil }.map { tagged.text(of: $0) }, ["61"])
    }
}
