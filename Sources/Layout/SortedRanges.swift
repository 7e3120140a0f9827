extension Array {
    /// The index of the first element for which `isPast` holds, in an array where it holds for
    /// every element from some index on (a binary search); `count` when it holds for none.
    func partitionIndex(where isPast: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isPast(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The element whose `range` holds `index`, in an array sorted by ranges that do not
    /// overlap (the text's boxes, its tables).
    func element(containing index: Int, range: (Element) -> Range<Int>) -> Element? {
        let found = partitionIndex { range($0).upperBound > index }
        return found < count && range(self[found]).contains(index) ? self[found] : nil
    }
}
