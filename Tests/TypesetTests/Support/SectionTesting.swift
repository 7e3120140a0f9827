import Foundation
import Layout
import Markup
import Pages
import Text
import TypesetKit
import XCTest

/// Laying out markup in sections, and the checks every such layout must pass.
enum SectionTesting {
    /// The markup laid out with the bundled fonts (and the options as `configure` changes them),
    /// and all its pages.
    static func layOut(_ markup: String, baseDirectory: String = "/",
                       configure: (inout TypesetOptions) -> Void = { _ in }) throws -> (document: PreparedDocument, pages: [Page]) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        configure(&options)
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                               baseDirectory: baseDirectory)
        return (document, document.checkedPages())
    }

    /// `count` paragraphs of made-up prose, 20 to 90 words each, the same for the same `seed`.
    static func paragraphs(_ count: Int, seed: UInt64, words: ClosedRange<Int> = 20 ... 90) -> [String] {
        let vocabulary = ["the", "keeper", "wound", "lamp", "every", "four", "hours", "and", "wrote", "in", "a", "log",
                          "beans", "library", "drawer", "seed", "marsh", "road", "at", "dusk", "nobody", "came", "for",
                          "keys", "lighthouse", "paraffin", "prisms", "catalogue", "borrowers", "tomatoes", "autumn"]
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0 ..< count).map { _ in
            let length = words.lowerBound + next(words.count)
            let sentence = (0 ..< length).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ")
            return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
        }
    }

    /// A page's frames grouped into bands (frames side by side with the same top), top down.
    static func bands(of page: Page) -> [[Frame]] {
        var bands: [[Frame]] = []
        for frame in page.frames {
            if let top = bands.last?.first?.container.rect.minY, abs(top - frame.container.rect.minY) < 0.001 {
                bands[bands.count - 1].append(frame)
            } else {
                bands.append([frame])
            }
        }
        return bands
    }

    /// The bottom of the last line of `frame`'s box.
    static func bottom(of frame: Frame) -> Double? {
        frame.lines.last.map { $0.origin.y + $0.descent }
    }

    /// The properties every layout keeps: the frames' visible ranges partition the text (every
    /// character set once), each frame's lines fill its range, no glyph lies outside its frame,
    /// frames lie in the page's text area and do not overlap, and bands go down the page.
    static func checkProperties(of document: PreparedDocument, pages: [Page], _ context: String = "",
                                file: StaticString = #filePath, line: UInt = #line) {
        var position = 0
        for page in pages {
            let area = document.template.textArea(ofPage: page.number)
            for frame in page.frames {
                let rect = frame.container.rect
                let at = "\(context) page \(page.number) frame \(frame.visibleRange)"
                XCTAssertEqual(frame.visibleRange.lowerBound, position, "frames follow each other: \(at)", file: file, line: line)
                XCTAssertFalse(frame.visibleRange.isEmpty, "every frame sets something: \(at)", file: file, line: line)
                position = frame.visibleRange.upperBound
                var next = frame.visibleRange.lowerBound
                for setLine in frame.lines {
                    XCTAssertEqual(setLine.stringRange.lowerBound, next, "lines follow each other: \(at)", file: file, line: line)
                    next = setLine.stringRange.upperBound
                    for run in setLine.runs {
                        let box = run.typographicBounds()
                        let (left, right) = (setLine.origin.x + box.minX, setLine.origin.x + box.maxX)
                        let (top, bottom) = (setLine.origin.y + box.minY, setLine.origin.y + box.maxY)
                        XCTAssertTrue(left >= rect.minX - 0.5 && right <= rect.maxX + 0.5 && top >= rect.minY - 0.5
                                      && bottom <= rect.maxY + 0.5,
                                      "a run \(left)…\(right) × \(top)…\(bottom) outside its frame \(rect): \(at)", file: file, line: line)
                    }
                }
                XCTAssertEqual(next, frame.visibleRange.upperBound, "the lines fill the frame's range: \(at)", file: file, line: line)
                XCTAssertTrue(area.contains(rect, tolerance: 0.001), "\(rect) in the text area \(area): \(at)", file: file, line: line)
            }
            for (index, frame) in page.frames.enumerated() {
                for other in page.frames[(index + 1)...] {
                    let (a, b) = (frame.container.rect, other.container.rect)
                    let overlap = a.minX < b.maxX - 0.001 && b.minX < a.maxX - 0.001 && a.minY < b.maxY - 0.001 && b.minY < a.maxY - 0.001
                    XCTAssertFalse(overlap, "\(context) page \(page.number): frames \(a) and \(b) overlap", file: file, line: line)
                }
            }
            let bands = bands(of: page)
            for (upper, lower) in zip(bands, bands.dropFirst()) {
                let upperBottom = upper.map(\.container.rect.maxY).max()!
                XCTAssertLessThanOrEqual(upperBottom, lower[0].container.rect.minY + 0.001,
                                         "\(context) page \(page.number): a band starts below the one above it", file: file, line: line)
            }
        }
        XCTAssertEqual(position, document.text.length, "\(context): every character is set", file: file, line: line)
    }
}
