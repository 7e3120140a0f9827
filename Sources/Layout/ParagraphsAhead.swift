import Fonts
import Foundation
import Shaping
import Text

/// A text's paragraphs prepared (itemised, shaped, their break opportunities found: the work
/// of `PreparedParagraph`, some two fifths of laying out a book) by another thread in the time
/// it would otherwise wait, ahead of the layout thread that sets them. The drawing thread calls
/// `prepareNext` while it waits for the next page (`PagesAhead`); no thread of its own runs.
///
/// The layout thread never waits here: `take` hands over the paragraph asked for when it is
/// ready, and otherwise returns nil and the layout thread prepares it itself, as it would
/// without this; the preparing thread then goes on from past it. Paragraphs prepared here are
/// allocated on the preparing thread and are freed there too (`letGo` hands them back, and the
/// next `prepareNext` lets them go): freed on the layout thread, they made the two threads
/// contend for the allocator's locks.
///
/// The preparing thread has its own shaper (and word table), itemizer and glyph buffers; it
/// shares with the layout thread only what they both read (the text, the fonts' HarfBuzz fonts
/// and cmaps; ICU's iterators are per thread) and this hand-off. A paragraph is the same
/// whichever thread prepares it. At most `glyphBudget` glyphs wait, so memory stays that of a
/// few pages, whatever the page count.
public final class ParagraphsAhead: @unchecked Sendable {
    private let text: AttributedText
    private let fonts: FontTable
    // Used by the preparing thread only.
    private let shaper = Shaper()
    private let itemizer: TextItemizer
    private let glyphColumns = GlyphColumns()

    private let lock = NSLock()
    /// Prepared paragraphs not handed over yet, consecutive, in text order.
    private var ready: [PreparedParagraph] = []
    private var glyphsReady = 0
    /// Where the next paragraph to prepare starts.
    private var nextStart = 0
    /// The furthest index the layout thread asked for and prepared itself: the preparing
    /// thread goes on from the paragraph after it.
    private var layoutFront = -1
    /// Paragraphs handed over and not handed back yet, by identity.
    private var handedOver: [ObjectIdentifier: PreparedParagraph] = [:]
    /// Paragraphs the layout thread is done with, for the preparing thread to let go.
    private var spent: [PreparedParagraph] = []
    /// Paragraphs prepared so far, kept or not (for tests).
    private var prepared = 0

    /// Glyphs prepared and waiting, at most (unless one paragraph has more): some pages' worth.
    static let glyphBudget = 20_000

    init(text: AttributedText, fonts: FontTable) {
        self.text = text
        self.fonts = fonts
        itemizer = TextItemizer(fonts: fonts)
    }

    /// Runs on the preparing thread (one thread, always the same): lets go of the paragraphs
    /// handed back, then prepares the next paragraph unless `glyphBudget` glyphs wait or the
    /// text is prepared to its end. Returns whether it prepared one (false: nothing to do until
    /// the layout thread takes some).
    @discardableResult
    public func prepareNext() -> Bool {
        var toLetGo: [PreparedParagraph] = []
        lock.lock()
        swap(&toLetGo, &spent)
        let front = layoutFront
        var start = nextStart
        let hasRoom = glyphsReady < Self.glyphBudget
        lock.unlock()
        toLetGo.removeAll()
        guard hasRoom else { return false }
        // The layout thread got ahead: go on from the paragraph after the one it prepared.
        if front >= start { start = text.paragraphRange(containing: front).upperBound }
        guard start < text.length else { return false }
        let paragraph = PreparedParagraph(text: text, range: text.paragraphRange(containing: start), fonts: fonts,
                                          itemizer: itemizer, shaper: shaper, glyphs: glyphColumns)
        lock.lock()
        prepared += 1
        // Kept unless the layout thread reached it meanwhile and prepared it itself (then it is
        // let go here, on return).
        let kept = layoutFront < start
        if kept {
            ready.append(paragraph)
            glyphsReady += paragraph.glyphIDs.count
            nextStart = paragraph.fullRange.upperBound
        }
        lock.unlock()
        return kept
    }

    /// Runs on the layout thread: the paragraph containing `index` when it is prepared; nil
    /// when it is not (or is behind the preparing thread): the caller prepares it, and the
    /// preparing thread goes on from the one after it. Never waits for the preparing thread.
    func take(containing index: Int) -> PreparedParagraph? {
        lock.lock()
        defer { lock.unlock() }
        // Layout sets the text in order: paragraphs it has passed go back to be let go.
        while let first = ready.first, first.fullRange.upperBound <= index { spent.append(removeFirstReady()) }
        if let first = ready.first, first.fullRange.contains(index) {
            let paragraph = removeFirstReady()
            handedOver[ObjectIdentifier(paragraph)] = paragraph
            return paragraph
        }
        // Nothing waits here for it: the layout thread is at or past the preparing thread.
        if ready.isEmpty, index >= nextStart { layoutFront = max(layoutFront, index) }
        return nil
    }

    /// Runs on the layout thread: `paragraphs` are no longer used there; those prepared here go
    /// back to the preparing thread to be let go.
    func letGo<Paragraphs: Sequence>(_ paragraphs: Paragraphs) where Paragraphs.Element == PreparedParagraph {
        lock.lock()
        defer { lock.unlock() }
        for paragraph in paragraphs {
            if let own = handedOver.removeValue(forKey: ObjectIdentifier(paragraph)) { spent.append(own) }
        }
    }

    var preparedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return prepared
    }

    private func removeFirstReady() -> PreparedParagraph {
        let first = ready.removeFirst()
        glyphsReady -= first.glyphIDs.count
        return first
    }
}
