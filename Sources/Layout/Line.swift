/// One line of a frame, like CTLine.
public struct Line: Sendable {
    /// The left end of the line on its baseline, in page coordinates.
    public var origin: Point
    public var ascent: Double
    public var descent: Double
    /// The line's height beyond ascent + descent, shared equally above and below
    /// (negative when a fixed line height is tighter than the fonts).
    public var leading: Double
    /// Width of the set text, trailing white space excluded (justified lines: the measure).
    public var width: Double
    /// Characters on the line, including trailing spaces and the paragraph's terminator
    /// when the line ends its paragraph.
    public var stringRange: Range<Int>
    public var runs: [GlyphRun]
    public var endsParagraph: Bool
    /// How far below the pitch the line is set so that its letters do not print on those of
    /// what is above it (`LineSkip`; on a grid, whole grid lines): 0 for almost every line.
    public var movedClear = 0.0
    /// The leaders of its tabs whose stops have one (`leader=.`), left to right.
    public var leaders: [LineLeader] = []
    /// The figure or aside the line is, when it is a box kept in the column (no runs then).
    public var box: PlacedBox? {
        get { boxKept?.value }
        set { boxKept = newValue.map(Indirect.init) }
    }
    /// A drop cap's initial, on the first line of the paragraph it opens.
    public var initial: DropInitial? {
        get { initialKept?.value }
        set { initialKept = newValue.map(Indirect.init) }
    }
    /// The table rows the line is, when it holds a table's rows (no runs then).
    public var tableRows: PlacedTableRows? {
        get { tableRowsKept?.value }
        set { tableRowsKept = newValue.map(Indirect.init) }
    }
    // Kept apart: few lines have any, and a line is copied at each stage that hands it on
    // (544 bytes with both inline, 104 without).
    private var boxKept: Indirect<PlacedBox>?
    private var initialKept: Indirect<DropInitial>?
    private var tableRowsKept: Indirect<PlacedTableRows>?

    init(origin: Point, ascent: Double, descent: Double, leading: Double, width: Double, stringRange: Range<Int>,
         runs: [GlyphRun], endsParagraph: Bool, box: PlacedBox? = nil) {
        self.origin = origin
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.width = width
        self.stringRange = stringRange
        self.runs = runs
        self.endsParagraph = endsParagraph
        self.box = box
    }

    /// Baseline-to-baseline distance the line takes.
    public var height: Double { ascent + descent + leading }

    /// The lowest its text reaches: its descent below its baseline, or below its drop cap's
    /// initial's baseline, lines further down, when it opens a paragraph with one.
    public var bottom: Double {
        origin.y + (initial?.bounds.maxY ?? 0) + descent
    }

    /// The line's box in page coordinates.
    public var bounds: Rect {
        Rect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
    }

    /// Where the inline picture `run` shows on the page: its delegate's box, standing on the
    /// baseline. Nil for a run of glyphs.
    public func pictureRect(of run: GlyphRun) -> Rect? {
        guard let delegate = run.runDelegate else { return nil }
        return Rect(x: origin.x + run.x, y: origin.y - delegate.ascent, width: delegate.width, height: delegate.ascent + delegate.descent)
    }

    /// The characters of the one picture the line shows when it shows nothing else but white
    /// space; nil otherwise. One pass over the runs.
    public var lonePicture: Range<Int>? {
        var picture: Range<Int>?
        for run in runs {
            if run.runDelegate != nil {
                if let picture, picture != run.stringRange { return nil }
                picture = run.stringRange
            } else if run.width >= 0.5 {
                return nil
            }
        }
        return picture
    }
}
