extension Array where Element == Double {
    /// The value sorting would put at `count / 2` (the median of an odd count), found in place
    /// (see `UnsafeMutableBufferPointer.middleValue()`). The array must not be empty nor hold a NaN.
    mutating func middleValue() -> Double {
        withUnsafeMutableBufferPointer { $0.middleValue() }
    }
}

extension UnsafeMutableBufferPointer where Element == Double {
    /// The value sorting would put at `count / 2` (the median of an odd count), found in place
    /// by Hoare's selection, which leaves the values partly reordered: linear on average, where
    /// sorting was `n log n` (the text layer asks it of every glyph run's gaps, some 75 M
    /// instructions on 91 pages of the KJV book sorted). The values must not be empty nor hold
    /// a NaN; whatever their order, the value found is the same.
    func middleValue() -> Double {
        let values = self
        let target = values.count / 2
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Below j all are ≤ the pivot, from i all are ≥ it, between them all equal it.
            if target <= j {
                high = j
            } else if target >= i {
                low = i
            } else {
                break
            }
        }
        return values[target]
    }
}
