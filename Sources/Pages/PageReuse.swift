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
///   it is then taken again, when none read back into the change. The offsets of the old pages
///   are the new text's only when the edit kept the text's length, so an edit that changes it
///   sets the rest of the document again.
///
/// Anything else the paginator is made from that differs (faces, page, exclusions, notes set
/// across pages, spanning pictures after the edit) sets every page again.
final class PageReuse {
    private let kept: KeptPages
    private let last: KeptSetting?
    /// nil: the texts are alike.
    private let change: TextChange?
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
        return page
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
        guard state == .setting, let last, let change, change.lengthChange == 0,
              last.spanningAnchors == recording.spanningAnchors else { return }
        let made = recording.pages.count
        guard made < last.pages.count, flow.position >= change.newEnd,
              last.pages[made - 1].flowAfter.handsOnAlike(flow),
              last.pages[made...].allSatisfy({ $0.read.lowerBound >= change.oldEnd }) else { return }
        state = .afterTheChange
    }

    /// The record of a setting that reached the document's end, kept for the next.
    func finish() {
        kept.lastSetting = recording
    }
}
