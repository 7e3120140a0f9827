import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// Properties of pages set in sections, over the feature-article fixture, made-up documents of
/// every kind of section and break, and a long one: every character set once, no glyph outside
/// its frame, bands down the page; and memory that does not grow with the pages.
final class SectionPropertyTests: XCTestCase {
    private typealias Testing = SectionTesting

    func testTheFeatureArticleFixture() throws {
        let file = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/feature-article/feature-article.txt")
        let markup = try String(contentsOf: file, encoding: .utf8)
        let (document, pages) = try Testing.layOut(markup, baseDirectory: file.deletingLastPathComponent().path)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        Testing.checkProperties(of: document, pages: pages, "feature article")
        XCTAssertEqual(pages.count, 2)
        let area = document.template.textArea
        let first = Testing.bands(of: pages[0])
        XCTAssertEqual(first.map(\.count), [1, 3], "the headline across the top, the article in three columns beneath")
        XCTAssertEqual(first[0][0].container.rect.width, area.width, accuracy: 1e-9)
        XCTAssertTrue(document.text.substring(first[0][0].visibleRange).hasPrefix("The Seed Library\n"))
        XCTAssertEqual(first[1][0].container.rect.minY, first[0][0].container.rect.maxY + 18, accuracy: 1e-9)
        // The column break: "The catalogue" heads the second column.
        XCTAssertTrue(document.text.substring(first[1][1].visibleRange).hasPrefix("The catalogue\n"))
        let second = Testing.bands(of: pages[1])
        XCTAssertEqual(second.map(\.count), [3, 1], "the article's end, balanced, and the box below it")
        let bottoms = second[0].compactMap(Testing.bottom(of:))
        let line = second[0].flatMap(\.lines).map(\.height).max()!
        // A column one line short, where a paragraph ends, is short by the paragraphs' spacing too.
        XCTAssertLessThanOrEqual(bottoms.max()! - bottoms.min()!, line + 5.5 + 0.01, "the last page's columns end within a line")
        XCTAssertLessThan(bottoms.max()!, area.minY + area.height * 0.75, "the article ends mid-page")
        XCTAssertTrue(document.text.substring(second[1][0].visibleRange).hasPrefix("Borrowing from the Seed Library\n"))
    }

    /// Made-up documents: text outside sections and sections of one to four columns with
    /// several gutters, headings that keep with the next paragraph, blank lines, short and long
    /// paragraphs, column and page breaks.
    func testMadeUpDocumentsKeepTheProperties() throws {
        for seed in UInt64(1) ... 24 {
            var random = SeededRandom(seed: seed)
            var lines: [String] = []
            var paragraphSeed = seed * 1000
            for _ in 0 ..< 1 + random.next(6) {
                let inSection = random.next(5) > 0
                if inSection {
                    let gutter = [nil, "0", "6", "12", "24"][random.next(5)]
                    lines.append("<section columns=\"\(1 + random.next(4))\"" + (gutter.map { " gutter=\"\($0)\"" } ?? "") + ">")
                }
                for _ in 0 ..< 1 + random.next(inSection ? 24 : 6) {
                    paragraphSeed += 1
                    switch random.next(20) {
                    case 0: lines.append("<columnbreak>")
                    case 1: lines.append("<pagebreak>")
                    case 2: lines.append("<p style=\"subheadline\">A heading</p>")
                    case 3: lines.append("")
                    default: break
                    }
                    let words = random.next(3) == 0 ? 3 ... 12 : 20 ... 160
                    lines.append(Testing.paragraphs(1, seed: paragraphSeed, words: words)[0])
                }
                if inSection { lines.append("</section>") }
            }
            let (document, pages) = try Testing.layOut(lines.joined(separator: "\n"))
            Testing.checkProperties(of: document, pages: pages, "seed \(seed)")
            XCTAssertTrue(pages.allSatisfy { !$0.frames.isEmpty }, "seed \(seed): no empty page")
        }
    }

    /// 80 articles of about two pages each, each a headline section, three columns and a box:
    /// the pages are made one at a time, so memory after the last page is about what it was
    /// after the fifth. Prints the time taken, with sections and without.
    func testALongDocumentInSectionsKeepsMemoryFlat() throws {
        var sectioned: [String] = [], plain: [String] = []
        for article in 0 ..< 80 {
            let body = Testing.paragraphs(8 + article % 13, seed: UInt64(article) + 500)
            let head = "<p style=\"headline\">Article \(article + 1)</p>"
            let box = "<p style=\"caption1\">A note on article \(article + 1), set across the page below it.</p>"
            sectioned += ["<section columns=\"1\">", head, "</section>", "<section columns=\"3\" gutter=\"12\">"] + body
                + ["</section>", "<section columns=\"1\">", box, "</section>"]
            plain += [head] + body + [box]
        }
        func run(_ lines: [String]) throws -> (pages: Int, frames: Int, growth: Double) {
            var options = TypesetOptions()
            options.fontsDirectory = TestSupport.fontsDirectory
            let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "long.txt", text: lines.joined(separator: "\n")),
                                                                   baseDirectory: "/")
            var pages = document.pages()
            var count = 0, early = 0.0
            while let page = pages.next() {
                count += 1
                XCTAssertFalse(page.frames.isEmpty)
                if count == 5 { early = Self.residentMegabytes() }
            }
            return (count, pages.framesetter.framesSet, Self.residentMegabytes() - early)
        }
        let withSections = try run(sectioned)
        let without = try run(plain)
        print("long document: \(withSections.pages) pages in sections, \(withSections.frames) frames set "
              + "(memory +\(withSections.growth) MB after page 5); \(without.pages) pages without, \(without.frames) frames set")
        XCTAssertGreaterThan(withSections.pages, 80)
        XCTAssertLessThan(withSections.growth, 16, "memory does not grow with the pages")
        // Counted in frames set, not seconds: the same on any machine, under any load. Each of
        // the 240 sections is balanced in a few trials (some 7 each today; 24 at the most).
        XCTAssertLessThan(withSections.frames, without.frames + 12 * 240, "balancing costs a few trial layouts per section")
    }

    /// This process's resident memory, from /proc.
    private static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// A small deterministic generator (a linear congruential one), so that a failing document can
/// be made again from its seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// A number in 0 ..< bound.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
