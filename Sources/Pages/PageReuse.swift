import Layout
import Text

/// Which pages of the last setting (`KeptPages`) a paginator takes again, and the record of
/// its own setting for the next. A page is a value set from the flow the page before handed
/// it and the text it reads, so:
///
/// - the pages before the edit are taken as they were while every page so far read only text
///   before the first change (`TextChange.start`);
/// - after the edit, the pages are set again until one hands on the flow the old page of the
///   same number handed on, past the change, the text after it unchanged: every old page after
///   it is then taken again, when none read back into the change, its offsets shifted by the
///   change's length (`TextShift`) when the edit changed it.
///
/// Anything else the paginator is made from that differs (faces, page, exclusions, notes set
/// across pages, spanning pictures after the edit) sets every page again.
final class PageReuse {
    private let kept: KeptPages
    private let last: KeptSetting?
    /// nil: the texts are alike.
    private let change: TextChange?
    /// How the change moves the old pages' offsets after it (nil: it does not).
    private let shift: TextShift?
    /// Whether the spanning pictures after the change are the last setting's, moved by it, and
    /// as many before them: the pages after the flows meet place them as the last setting did.
    private let spanningAnchorsAlike: Bool
    private var recording: KeptSetting
    private var state = State.beforeTheChange

    private enum State {
        /// Taking the last setting's pages while they read nothing of the change.
        case beforeTheChange
        /// Setting pages.
        case setting
        /// Taking the last setting's pages again after the change.
        case afterTheChange
    }

    init(kept: KeptPages, setting: KeptSetting) {
        self.kept = kept
        recording = setting
        if let last = kept.lastSetting, last.setsAlike(setting) {
            self.last = last
            change = TextChange(from: last.text, to: setting.text)
        } else {
            last = nil
            change = nil
        }
        shift = change.flatMap { $0.lengthChange == 0 && $0.numbers.movesNone ? nil : $0.shift(into: setting.text) }
        spanningAnchorsAlike = Self.spanningAnchorsAlike(after: change, from: last?.spanningAnchors ?? [], to: setting.spanningAnchors,
                                                         shift: shift)
        kept.reusedByTheLastSetting = 0
    }

    /// The last setting's page to take as the next one, the paginator having made `pagesMade`.
    func keptPage(after pagesMade: Int) -> KeptPage? {
        guard let last, pagesMade < last.pages.count else { return nil }
        let page = last.pages[pagesMade]
        switch state {
        case .beforeTheChange:
            if let change, page.furthestReadSoFar >= change.start {
                state = .setting
                return nil
            }
        case .setting:
            return nil
        case .afterTheChange:
            break
        }
        kept.reusedByTheLastSetting += 1
        return state == .afterTheChange ? Self.shifted(page, by: shift) : page
    }

    /// Records the page made as the next, set from `read` of the text (kept pages: what their
    /// layout read), and after a page set again, whether the flow has met the old one's.
    /// Returns its serial: `taken`'s, the serial of the kept page it is, or a new one.
    @discardableResult
    func record(_ parts: PageParts?, flowAfter flow: Paginator.Flow, read: Range<Int>, taken: Int? = nil) -> Int {
        let furthest = Swift.max(recording.pages.last?.furthestReadSoFar ?? 0, read.upperBound)
        let serial = taken ?? kept.nextSerial
        if taken == nil { kept.nextSerial += 1 }
        recording.pages.append(KeptPage(parts: parts, flowAfter: flow, read: read, furthestReadSoFar: furthest, serial: serial))
        defer { noteWhetherTheFlowsMet(flowAfter: flow) }
        return serial
    }

    /// After a page set again, whether the flow it hands on has met the old setting's.
    private func noteWhetherTheFlowsMet(flowAfter flow: Paginator.Flow) {
        guard state == .setting, let last, let change, spanningAnchorsAlike else { return }
        let made = recording.pages.count
        guard made < last.pages.count, flow.position >= change.newEnd,
              Self.shifted(last.pages[made - 1].flowAfter, by: shift).handsOnAlike(flow),
              last.pages[made...].allSatisfy({ $0.read.lowerBound >= change.oldEnd }) else { return }
        state = .afterTheChange
    }

    /// Whether `old`'s anchors after `change`, shifted, are `new`'s, and `old` has as many as
    /// `new` (the flow counts the anchors passed). The one holding the change may differ: the
    /// page that reads it is set again.
    private static func spanningAnchorsAlike(after change: TextChange?, from old: [SpanningAnchor], to new: [SpanningAnchor],
                                             shift: TextShift?) -> Bool {
        guard let change else { return old == new }
        return old.count == new.count
            && shifted(old.filter { $0.index >= change.oldEnd }, by: shift) == new.filter { $0.index >= change.newEnd }
    }

    /// `value` of the last setting with its offsets after the change where they are now.
    private static func shifted<Value: TextOffsetsHolder>(_ value: Value, by shift: TextShift?) -> Value {
        shift.map { value.shifted(by: $0) } ?? value
    }

    /// The record of a setting that reached the document's end, kept for the next.
    func finish() {
        kept.lastSetting = recording
    }
}
