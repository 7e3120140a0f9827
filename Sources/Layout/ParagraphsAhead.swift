import Fonts
import Foundation
import Shaping
import Text

/// A text's paragraphs prepared (itemised, shaped, their break opportunities found: the work
/// of `PreparedParagraph`) on a thread of their own, in text order, ahead of the layout thread
/// that sets them. Preparing is some two fifths of laying out a book, and the drawing thread
/// waits for pages half the time: with the preparing on a third thread, the two cores share
/// the work more evenly.
///
/// The preparing thread has its own shaper (and word table), itemizer and glyph buffers; it
/// shares with the layout thread only what they both read (the text, the fonts' HarfBuzz
/// fonts and cmaps; ICU's iterators are per thread) and this hand-off. A paragraph is the same
/// whichever thread prepares it.
///
/// The layout thread asks for the paragraph at an index (`take`): one prepared is handed over,
/// and the ones before it, which layout has passed, are let go; one not reached yet is waited
/// for. A paragraph behind the preparing thread (handed over before and since dropped from the
/// paragraph cache) is the caller's to prepare, as it would be without this. At most
/// `glyphBudget` glyphs wait, so memory stays that of a few pages.
public final class ParagraphsAhead: @unchecked Sendable {
    private let text: AttributedText
    private let fonts: FontTable
    private let shaper = Shaper()
    private let itemizer: TextItemizer
    private let glyphColumns = GlyphColumns()

    private let condition = NSCondition()
    /// Prepared paragraphs not handed over yet, consecutive, in text order.
    private var ready: [PreparedParagraph] = []
    private var glyphsReady = 0
    /// Where the next paragraph to prepare starts.
    private var nextStart = 0
    /// The text is prepared to its end, or the preparing thread was stopped.
    private var finished = false
    private var stopped = false
    /// Paragraphs prepared so far, handed over or not (for tests).
    private var prepared = 0

    /// Glyphs prepared and waiting, at most (unless one paragraph has more): some pages' worth.
    static let glyphBudget = 20_000
    /// A paragraph asked for this far (in UTF-16 units) past the preparing thread is not
    /// waited for through all the text between: the thread goes on from there.
    static let farAhead = 50_000

    init(text: AttributedText, fonts: FontTable) {
        self.text = text
        self.fonts = fonts
        itemizer = TextItemizer(fonts: fonts)
    }

    /// Runs on the preparing thread: prepares paragraph after paragraph, waiting while
    /// `glyphBudget` glyphs wait, until the text's end or `stop()`.
    public func run() {
        while let start = nextToPrepare() {
            let paragraph = PreparedParagraph(text: text, range: text.paragraphRange(containing: start), fonts: fonts,
                                              itemizer: itemizer, shaper: shaper, glyphs: glyphColumns)
            condition.lock()
            prepared += 1
            // Unless the layout thread moved the start on meanwhile (`take`, far ahead), or stopped it.
            if start == nextStart, !stopped {
                ready.append(paragraph)
                glyphsReady += paragraph.glyphIDs.count
                nextStart = max(paragraph.fullRange.upperBound, start + 1)
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Where the next paragraph to prepare starts, once there is room for it; nil at the text's
    /// end or when stopped (then `finished`).
    private func nextToPrepare() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while glyphsReady >= Self.glyphBudget, !stopped { condition.wait() }
        guard !stopped, nextStart < text.length else {
            finished = true
            condition.broadcast()
            return nil
        }
        return nextStart
    }

    /// Runs on the layout thread: the paragraph containing `index`, waited for when the
    /// preparing thread has not reached it; nil when it is behind that thread, or the thread
    /// has stopped: the caller prepares it.
    func take(containing index: Int) -> PreparedParagraph? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            // Layout sets the text in order: paragraphs it has passed are let go.
            while let first = ready.first, first.fullRange.upperBound <= index { dropFirst() }
            if let first = ready.first {
                guard first.fullRange.contains(index) else { return nil }
                dropFirst()
                return first
            }
            guard index >= nextStart, !finished, !stopped else { return nil }
            if index - nextStart >= Self.farAhead { nextStart = text.paragraphRange(containing: index).lowerBound }
            condition.wait()
        }
    }

    var preparedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return prepared
    }

    private func dropFirst() {
        glyphsReady -= ready.removeFirst().glyphIDs.count
        condition.broadcast()
    }

    /// Stops the preparing thread after the paragraph it is preparing, and lets go of those
    /// waiting: `take` then returns nil.
    public func stop() {
        condition.lock()
        stopped = true
        ready.removeAll()
        glyphsReady = 0
        condition.broadcast()
        condition.unlock()
    }
}
