extension Array where Element == Int {
    /// How many elements are less than `value`, in an array sorted ascending: a binary search,
    /// for finding lines, characters and runs by offset in documents of millions of characters.
    func countOfElements(below value: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
