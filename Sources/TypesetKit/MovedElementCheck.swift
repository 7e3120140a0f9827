import Diagnostics
import Foundation
import Layout
import Markup
import Pages
import Text

/// Warnings about the pages as they are drawn, for what the layout set on a later page than the
/// one the markup wrote it on, which an author sees only by looking at every page:
///
/// - a floated or spanning picture, figure or aside placed on a page after the one its anchor
///   is on (there was no room for it there);
/// - a figure or aside kept in the column, a shaped `<section>`, a `<keep>` block or a
///   `keep-together` paragraph that did not fit below the text before it and starts the next
///   page, leaving at least `emptyLines` lines empty there (`FlowElementPlace`);
/// - a `<columnbreak>` in the last column, which starts the next page with room still left.
///
/// It reports and changes nothing: where elements go is the layout's business. Each element is
/// reported once, at the markup that made it. The pages are looked at in order, as they pass
/// (`PageCheckRun`); only their text ranges and the room under their frames are kept.
final class MovedElementCheck {
    /// Room under the text that counts as left empty: two of its lines, as a column ending that
    /// much early is worth a word.
    static let emptyLines = 2.0

    private let template: PageTemplate
    /// The elements in the flow that may move whole, by their first character.
    private let places: [Int: FlowElementPlace]
    /// Where each picture and box is written.
    private let elementPlaces: ElementPlaces
    private var pages: [SeenPage] = []
    private var reported: Set<Int> = []
    private(set) var warnings: [Diagnostic] = []

    /// A frame of text seen: its range, and the room under its last line in its container.
    private struct SeenFrame {
        var range: Range<Int>
        var room: Double
        var lineHeight: Double
    }

    private struct SeenPage {
        var number: Int
        var frames: [SeenFrame]
        /// Room between the page's lowest line and the foot of its text area.
        var roomAtFoot: Double
    }

    init(template: PageTemplate, places: [Int: FlowElementPlace], elementPlaces: ElementPlaces) {
        self.template = template
        self.places = places
        self.elementPlaces = elementPlaces
    }

    func look(at page: Page) {
        guard !page.holdsOnlyRunningHeads else { return }
        let frames = page.frames.filter { !$0.lines.isEmpty }.map { frame in
            let last = frame.lines[frame.lines.count - 1]
            return SeenFrame(range: frame.visibleRange, room: frame.container.rect.maxY - (last.origin.y + last.descent), lineHeight: last.height)
        }
        let lowest = page.frames.flatMap(\.lines).map { $0.origin.y + $0.descent }.max() ?? template.using(page.master).textArea(ofPage: page.number).minY
        pages.append(SeenPage(number: page.number, frames: frames, roomAtFoot: template.using(page.master).textArea(ofPage: page.number).maxY - lowest))
        for frame in page.frames {
            for float in frame.floats { checkAnchored(float.content, anchor: float.anchor, on: page.number) }
            for line in frame.lines {
                if let box = line.box { checkInFlow(box: box, on: page.number) }
            }
        }
        for picture in page.pictures { checkAnchored(picture.content, anchor: picture.anchor, on: page.number) }
        for frame in page.frames where !frame.lines.isEmpty {
            checkStart(of: frame, on: page.number)
        }
    }

    // MARK: Floats and pictures across columns

    /// A float's or a spanning element's anchor is in the text of the page it was written on.
    private func checkAnchored(_ content: PlacedContent, anchor: Int, on number: Int) {
        guard let written = page(holding: anchor), written.number < number, reported.insert(anchor).inserted else { return }
        let why = "no room for it on page \(written.number), where it is written"
        if let box = content.box {
            warnings.append(.warning("<\(box.style.kind.rawValue)> moved to page \(number): \(why)", at: elementPlaces.place(of: box.style)))
        } else if let image = content.image {
            let name = (image.path as NSString).lastPathComponent
            warnings.append(.warning("picture \"\(name)\" moved to page \(number): \(why)", at: elementPlaces.place(of: image)))
        }
    }

    // MARK: Elements in the flow

    /// A box in the column moved on when the text before it ends a page early.
    private func checkInFlow(box: PlacedBox, on number: Int) {
        let start = box.box.range.lowerBound
        guard let empty = roomLeft(before: start, on: number), reported.insert(start).inserted else { return }
        warnings.append(.warning("<\(box.style.kind.rawValue)> moved to page \(number): it does not fit below the text on page \(empty.page), "
                                 + "which leaves \(Self.format(empty.room)) pt of its column empty", at: elementPlaces.place(of: box.style)))
    }

    /// A frame that starts an element of the flow — a shaped section, a kept block, the
    /// paragraph after a `<columnbreak>` — on a page after the text before it, which leaves
    /// room on its page: the room under that text's frame, or for a shaped section (a band of
    /// its own, below every column) under the page's lowest line.
    private func checkStart(of frame: Frame, on number: Int) {
        let start = frame.visibleRange.lowerBound
        guard let place = places[start], !reported.contains(start), start > 0 else { return }
        let empty: (page: Int, room: Double)?
        if place.kind == .shapedSection {
            empty = page(holding: start - 1).flatMap { before in
                before.number < number && before.roomAtFoot >= Self.emptyLines * (before.frames.last?.lineHeight ?? 0)
                    ? (before.number, before.roomAtFoot) : nil
            }
        } else {
            empty = roomLeft(before: start, on: number)
        }
        guard let empty else { return }
        reported.insert(start)
        let message = place.kind == .columnBreak
            ? "<columnbreak> in the last column of page \(empty.page) starts page \(number), leaving \(Self.format(empty.room)) pt "
                + "of the column empty (a column break in the last column goes to the next page)"
            : "\(place.name) moved to page \(number): it does not fit below the text on page \(empty.page), which leaves "
                + "\(Self.format(empty.room)) pt of \(place.kind == .shapedSection ? "the page" : "its column") empty"
        warnings.append(.warning(message, at: place.location, sourceLine: place.sourceLine))
    }

    /// The page before `number` whose frame ends the text just before `offset`, when it does so
    /// with at least `emptyLines` lines of room under it.
    private func roomLeft(before offset: Int, on number: Int) -> (page: Int, room: Double)? {
        guard offset > 0, let written = page(holding: offset - 1), written.number < number,
              let frame = written.frames.last(where: { $0.range.contains(offset - 1) }),
              frame.room >= Self.emptyLines * frame.lineHeight else { return nil }
        return (written.number, frame.room)
    }

    /// The page whose text frames hold `offset`, of those seen.
    private func page(holding offset: Int) -> SeenPage? {
        pages.last { page in page.frames.contains { $0.range.contains(offset) } }
    }

    /// Points for a message, whole.
    private static func format(_ points: Double) -> String {
        String(Int(points.rounded()))
    }
}
