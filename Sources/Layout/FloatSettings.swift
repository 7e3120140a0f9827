/// The settings of one frame beside the floats placed in it so far (`floatingFrame`), each kept
/// with what it was set from besides the frame's own inputs: the floats' exclusions, which of
/// them waited for the frame, and the bands paragraphs clear below floats (`floatingFrame`). Taking floats out again — their anchors went on to the next
/// frame, they reach into the notes, they leave no room for a line — comes back to floats the
/// frame was set beside before, and the frame is a value of them (see Framesetter): it is not
/// set a third time. Lives for one `floatingFrame` call, a few settings at most
/// (`maximumFloatsPerFrame`).
struct FloatSettings {
    private struct Setting {
        var anchors: [Int]
        var exclusions: [Exclusion]
        var clearances: [Rect]
        var result: FrameResult
    }

    private var kept: [Setting] = []

    /// The frame set before beside `floats`, the same anchors at the same places, clearing the
    /// same `clearances`, if any.
    func result(beside floats: [PlacedFloat], clearing clearances: [Rect]) -> FrameResult? {
        kept.first { setting in
            setting.anchors.elementsEqual(floats.lazy.map(\.anchor)) && setting.exclusions.elementsEqual(floats.lazy.map(\.exclusion))
                && setting.clearances == clearances
        }?.result
    }

    /// Keeps `result`, the frame set beside `floats`, clearing `clearances`.
    mutating func keep(_ result: FrameResult, beside floats: [PlacedFloat], clearing clearances: [Rect]) {
        kept.append(Setting(anchors: floats.map(\.anchor), exclusions: floats.map(\.exclusion), clearances: clearances, result: result))
    }
}
