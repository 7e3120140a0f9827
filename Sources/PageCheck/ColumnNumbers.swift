import Layout

extension ColumnRoom {
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
