/// How many lines short of its foot a column stops: the room below what it holds over the
/// pitch of its last line of text (on the grid when there is one). A column more than
/// `linesAllowed` lines short ends early; less is what keeping lines together costs. One
/// measure for the frame naming why it ends (FrameEnd), the warning of an early column and
/// the page checker, so that what one calls a line the others do too.
public enum ColumnRoom {
    public static let linesAllowed = 2

    /// Whole lines of `pitch` that fit between `contentBottom` and `foot`.
    public static func linesShort(foot: Double, contentBottom: Double, pitch: Double) -> Int {
        guard pitch > 0.5 else { return 0 }
        return max(0, Int(((foot - contentBottom) / pitch + 1e-6).rounded(.down)))
    }

    /// A line's pitch moved onto the grid of `step`.
    public static func pitch(_ height: Double, gridStep step: Double?) -> Double {
        guard let step, step > 0 else { return height }
        return max(step, (height / step - 1e-6).rounded(.up) * step)
    }
}
