@testable import Layout
import Text
import XCTest

/// Every container is filled by the same line loop: a rectangle, and the same rectangle with an
/// exclusion far away from its text (so that it is filled band by band, each band with the
/// rectangle's one fragment), set every paragraph feature identically. Until the two loops
/// became one, shaped containers set no hanging punctuation, and the rest was written twice.
final class OneLineLoopTests: FramesetterTestCase {
    private let rect = Rect(x: 20, y: 30, width: 240, height: 420)

    private func signature(_ frame: Frame) -> [String] {
        ["\(frame.visibleRange)"] + frame.lines.map { "\($0.stringRange) at \($0.origin) width \($0.width)" }
    }

    /// The container with an exclusion far below its text: not rectangular, every band the same.
    private func withFarExclusion(_ container: Container) -> Container {
        var shaped = container
        shaped.exclusions = [Exclusion(.rectangle(Rect(x: 0, y: 50_000, width: 10, height: 10)))]
        return shaped
    }

    private static let prose = "“The dead,” she said, “walk the streets at night.” Nobody knew what to do; the council met, "
        + "argued, adjourned — and met again. ‘Planks,’ said one. ‘Biscuits,’ said another, and everyone nodded. "

    private static let paragraphs: [(name: String, markup: String)] = [
        ("hanging punctuation", #"<p hanging-punctuation="true">"# + String(repeating: prose, count: 4)),
        ("indents", #"<p head-indent="36" tail-indent="18" indent="-18" align="left">"# + String(repeating: prose, count: 3)
            + "\n" + #"<p indent="24">"# + String(repeating: prose, count: 2)),
        ("tabs", #"<p tabs="100 decimal, 200 right" hyphenate="false">"# + "Planks\t12.5\t8 %\nBiscuits\t3.25\t12 %\nTorches\t140.0\t1 %"),
        ("right to left", #"<p dir="rtl">"# + String(repeating: "מדפיס גם עברית, והמתים הולכים ברחובות בלילה. ", count: 12)),
        ("line heights", #"<p line-height="18pt">"# + String(repeating: prose, count: 2) + "\n" + #"<p line-height="1.5">"# + prose),
        ("mixed sizes", #"<font size="7">a</font> <font size="22">Large</font> "# + String(repeating: prose, count: 2)),
    ]

    func testEveryParagraphFeatureIsSetTheSameInARectangleAndInAShapedContainer() throws {
        for grid in [nil, BaselineGrid(origin: rect.minY, step: 14)] {
            for (name, markup) in Self.paragraphs {
                let setter = try framesetter(markup)
                let plain = Container(rect: rect, baselineGrid: grid)
                let rectangle = setter.frame(in: plain, from: 0)
                let shaped = setter.frame(in: withFarExclusion(plain), from: 0)
                XCTAssertGreaterThan(rectangle.lines.count, 2, name)
                XCTAssertEqual(signature(shaped), signature(rectangle), "\(name)\(grid == nil ? "" : " on a grid")")
            }
        }
    }

    /// Punctuation hangs into the column's margin, in a shaped container as in a rectangle, but
    /// never against an exclusion: beside it, lines end at its edge.
    func testPunctuationHangsIntoTheMarginButNotAgainstAnExclusion() throws {
        let setter = try framesetter(#"<p hanging-punctuation="true">"# + String(repeating: Self.prose, count: 6))
        let picture = Rect(x: rect.minX + 140, y: rect.minY, width: rect.width, height: 120)
        let frame = setter.frame(in: Container(rect: rect, exclusions: [Exclusion(.rectangle(picture))]), from: 0)
        let beside = frame.lines.filter { $0.origin.y - $0.ascent < picture.maxY }
        let below = frame.lines.filter { $0.origin.y - $0.ascent >= picture.maxY }
        XCTAssertGreaterThan(beside.count, 3)
        for line in beside {
            XCTAssertLessThanOrEqual(line.origin.x + line.width, picture.minX + 0.001, "line \(line.stringRange) beside the picture")
        }
        XCTAssertTrue(below.contains { $0.origin.x + $0.width > rect.maxX + 0.1 }, "lines below it hang into the right margin")
        XCTAssertTrue(frame.lines.contains { $0.origin.x < rect.minX - 0.1 }, "lines hang into the left margin")
    }
}
