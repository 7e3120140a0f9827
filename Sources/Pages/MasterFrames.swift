import Diagnostics
import Text

/// A page's frame from its master: the columns, gutter and margins a master sets replace the
/// document's on the pages that use it (`<master columns="3" margin="…">`), what it leaves
/// unset stays the document's. The page's size, facing pages, grid and bleed are the
/// document's: they are the paper's and the press's, not a kind of page's.
extension PageTemplate {
    /// The template of a page that uses `master` (nil: none, the document's own).
    public func using(_ master: MasterPage?) -> PageTemplate {
        guard let frame = master?.frame, !frame.isEmpty else { return self }
        var template = self
        if let columns = frame.columns { template.columns = columns }
        if let gutter = frame.gutter { template.gutter = gutter }
        if let margins = frame.margins { template.margins = margins }
        return template
    }

    /// An error at each master whose frame leaves its pages no room to set text, or columns too
    /// narrow to (found here: the page's size is the command line's).
    public func masterProblems(_ masters: [MasterPage]) -> [Diagnostic] {
        masters.compactMap { master in
            guard !master.frame.isEmpty, let problem = using(master).problem, let place = master.declaration else { return nil }
            return .error("master \"\(master.name)\": \(problem)", at: place.location, sourceLine: place.sourceLine)
        }
    }
}

/// Where the text switches master pages (`ParagraphStyle.master`), in order: what the
/// paginator and the pictures' fitting both read.
public struct MasterSwitches: Sendable {
    public let all: [(position: Int, master: MasterPage)]

    public init(in text: AttributedText) {
        let runs = text.paragraphStyleRuns
        all = (0 ..< runs.runCount).compactMap { run in
            runs.value(ofRun: run).master.map { (runs.range(ofRun: run).lowerBound, $0) }
        }
    }

    /// The index of the switch in force at `position`, the last at or before it (nil: none).
    public func index(inForceAt position: Int) -> Int? {
        var low = 0, high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The master in force at `position` (nil: none, the document's `<meta>` heads).
    public func master(inForceAt position: Int) -> MasterPage? {
        index(inForceAt: position).map { all[$0].master }
    }
}
