extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// How many elements are less than `value`, in a collection sorted ascending: a binary
    /// search, for finding lines, characters, runs and paragraphs by offset in documents of
    /// millions of characters.
    @inlinable
    public func countOfElements(below value: Element) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low - startIndex
    }
}
