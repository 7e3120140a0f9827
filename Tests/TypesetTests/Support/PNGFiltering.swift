/// PNG's row filters applied as the specification writes them (PNG, 9.2), byte by byte: a
/// reference to check typeset's handling of filtered rows against.
enum PNGFiltering {
    /// `samples`, rows of `rowLength` bytes, each filtered with its type from `types` (taken in
    /// turn) and led by it; `bytesPerPixel` bytes back is the pixel to the left.
    static func filter(_ samples: [UInt8], rowLength: Int, bytesPerPixel: Int, types: [UInt8]) -> [UInt8] {
        let rows = samples.count / rowLength
        var filtered: [UInt8] = []
        for row in 0 ..< rows {
            let type = types[row % types.count]
            filtered.append(type)
            for index in 0 ..< rowLength {
                let sample = samples[row * rowLength + index]
                let left = index >= bytesPerPixel ? Int(samples[row * rowLength + index - bytesPerPixel]) : 0
                let above = row > 0 ? Int(samples[(row - 1) * rowLength + index]) : 0
                let aboveLeft = row > 0 && index >= bytesPerPixel ? Int(samples[(row - 1) * rowLength + index - bytesPerPixel]) : 0
                filtered.append(sample &- prediction(type, left, above, aboveLeft))
            }
        }
        return filtered
    }

    private static func prediction(_ type: UInt8, _ left: Int, _ above: Int, _ aboveLeft: Int) -> UInt8 {
        switch type {
        case 0: return 0
        case 1: return UInt8(left)
        case 2: return UInt8(above)
        case 3: return UInt8((left + above) >> 1)
        default:
            let p = left + above - aboveLeft
            let pa = abs(p - left), pb = abs(p - above), pc = abs(p - aboveLeft)
            return UInt8(pa <= pb && pa <= pc ? left : pb <= pc ? above : aboveLeft)
        }
    }

    /// Every `channels`-th sample of `samples`, from `first`, `count` of them in a row: one
    /// plane of interleaved samples.
    static func plane(of samples: [UInt8], channels: Int, first: Int, count: Int) -> [UInt8] {
        stride(from: 0, to: samples.count, by: channels).flatMap { samples[$0 + first ..< $0 + first + count] }
    }
}
