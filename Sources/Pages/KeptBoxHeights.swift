import Fonts
import Layout
import Text

/// The heights box fitting (`PageTemplate.fitBoxes`) measured in the last run of a document
/// under `typeset watch`, for the next run to take again for a box its edit did not reach: a
/// box's height is a function of the text its setting read (`TextReach`, widened by a paragraph
/// each way), the width it was set at, the faces and the page. So a box whose read text lies
/// wholly before the change between the two texts (`TextChange`), or wholly after it (its
/// offsets shifted by the change's length), at the same width, in the same faces and page, is
/// not set again. The magazine's 99 pages hold some 500 boxes: setting them was a tenth of an
/// edit's instructions. One run at a time.
public final class KeptBoxHeights: @unchecked Sendable {
    /// One box measured: what its setting read, the width, the height.
    struct Measured {
        var read: Range<Int>
        var width: Double
        var height: Double
    }

    /// One run's fitting: the text as its boxes were measured, what they were set in, and the
    /// heights by the box's first offset.
    struct Fitting {
        var text: AttributedText
        var fonts: FontTable
        var template: PageTemplate
        var heights: [Int: Measured] = [:]
    }

    private var last: Fitting?
    /// How many boxes the last fitting took from the one before.
    public private(set) var taken = 0

    public init() {}

    /// A fitting of `text`'s boxes in `fonts` on `template`'s pages begins.
    func beginFitting(of text: AttributedText, fonts: FontTable, template: PageTemplate) -> KeptBoxFitting {
        taken = 0
        var previous = last
        if let kept = previous, kept.template != template || !kept.fonts.givesTheSameFaces(as: fonts) { previous = nil }
        return KeptBoxFitting(kept: self, last: previous, current: Fitting(text: text, fonts: fonts, template: template))
    }

    fileprivate func finish(_ fitting: Fitting, taken: Int) {
        last = fitting
        self.taken = taken
    }
}

/// One run's box fitting against the last (`KeptBoxHeights`).
final class KeptBoxFitting {
    private let kept: KeptBoxHeights
    private let last: KeptBoxHeights.Fitting?
    /// nil: the texts are alike.
    private let change: TextChange?
    private var current: KeptBoxHeights.Fitting
    private var taken = 0

    fileprivate init(kept: KeptBoxHeights, last: KeptBoxHeights.Fitting?, current: KeptBoxHeights.Fitting) {
        self.kept = kept
        self.last = last
        self.current = current
        change = last.flatMap { TextChange(from: $0.text, to: current.text) }
    }

    /// The height the last run measured for the box at `range`, set `width` wide, when the
    /// text it read is unchanged; nil: it is measured again.
    func height(of range: Range<Int>, width: Double) -> Double? {
        guard let last else { return nil }
        let measured: KeptBoxHeights.Measured?
        if let change {
            if range.upperBound <= change.start {
                measured = last.heights[range.lowerBound].flatMap { $0.read.upperBound <= change.start ? $0 : nil }
            } else if range.lowerBound >= change.newEnd {
                measured = last.heights[range.lowerBound - change.lengthChange].flatMap { $0.read.lowerBound >= change.oldEnd ? $0 : nil }
            } else {
                measured = nil
            }
        } else {
            measured = last.heights[range.lowerBound]
        }
        guard let measured, measured.width == width else { return nil }
        taken += 1
        record(range, read: shifted(measured.read), width: width, height: measured.height)
        return measured.height
    }

    /// The last run's `read`, in this text's offsets.
    private func shifted(_ read: Range<Int>) -> Range<Int> {
        guard let change, read.lowerBound >= change.oldEnd else { return read }
        return read.lowerBound + change.lengthChange ..< read.upperBound + change.lengthChange
    }

    /// Records the box at `range`, set `width` wide from `read` of the text, `height` tall.
    func record(_ range: Range<Int>, read: Range<Int>, width: Double, height: Double) {
        current.heights[range.lowerBound] = KeptBoxHeights.Measured(read: read, width: width, height: height)
    }

    /// The fitting is done: kept for the next.
    func finish() {
        kept.finish(current, taken: taken)
    }
}
