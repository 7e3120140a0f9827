extension Array {
    /// The array made `count` elements long in place, its room kept: elements are cut off the
    /// end or `filler` added to it. A buffer refilled through a pointer with about as many
    /// elements each time then pays only for the difference.
    mutating func resize(to count: Int, with filler: Element) {
        if self.count > count {
            removeLast(self.count - count)
        } else if self.count < count {
            append(contentsOf: repeatElement(filler, count: count - self.count))
        }
    }
}
