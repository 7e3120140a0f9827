import Layout

/// How many lines short of its foot a column stops: the room below what it holds over the
/// pitch of its last line of text (on the grid when there is one). A column more than
/// `linesAllowed` lines short ends early; less is what keeping lines together costs.
public enum ColumnRoom {
    public static let linesAllowed = 2

    /// Whole lines of `pitch` that fit between `contentBottom` and `foot`.
    static func linesShort(foot: Double, contentBottom: Double, pitch: Double) -> Int {
        guard pitch > 0.5 else { return 0 }
        return max(0, Int(((foot - contentBottom) / pitch + 1e-6).rounded(.down)))
    }

    /// A line's pitch moved onto the grid of `step`.
    static func pitch(_ height: Double, gridStep step: Double?) -> Double {
        guard let step, step > 0 else { return height }
        return max(step, (height / step - 1e-6).rounded(.up) * step)
    }

    /// The number of each of a page's columns within its band, from 1, for messages: the
    /// page's frames in order, a band's beside each other with the same top.
    static func numbers(ofColumns rects: [Rect]) -> [Int] {
        var numbers: [Int] = []
        for (index, rect) in rects.enumerated() {
            let sameBand = index > 0 && abs(rects[index - 1].minY - rect.minY) < 0.5 && rects[index - 1].maxX <= rect.minX + 0.5
            numbers.append(sameBand ? numbers[index - 1] + 1 : 1)
        }
        return numbers
    }
}
