import Layout

extension ColumnRoom {
    /// The number of each of a page's columns within its band, from 1, for messages: the
    /// page's frames in order, a band's beside each other with the same top (to the right of the
    /// one before, or to its left in a section read from the right).
    static func numbers(ofColumns rects: [Rect]) -> [Int] {
        var numbers: [Int] = []
        for (index, rect) in rects.enumerated() {
            let before = index > 0 ? rects[index - 1] : rect
            let beside = before.maxX <= rect.minX + 0.5 || rect.maxX <= before.minX + 0.5
            let sameBand = index > 0 && abs(before.minY - rect.minY) < 0.5 && beside
            numbers.append(sameBand ? numbers[index - 1] + 1 : 1)
        }
        return numbers
    }
}
