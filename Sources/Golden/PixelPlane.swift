/// A page's pixels as a comparison reads them, borrowed from a `RasterImage` for the length of
/// one comparison: 4 bytes a pixel (red, green, blue, alpha), row by row.
struct PixelPlane {
    let bytes: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    /// The pixel's colour packed into one value, so that two pixels are identical exactly when
    /// their values are equal (alpha is left out: pages are opaque).
    func colour(x: Int, y: Int) -> UInt32 {
        let index = (y * width + x) * 4
        return UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
    }

    /// Brightness as Rec. 601 luma, 0 (black) to 255,000 (white), in whole numbers so that two
    /// pixels are equally bright exactly, with no rounding of fractions.
    func brightness(x: Int, y: Int) -> Int {
        let index = (y * width + x) * 4
        return 299 * Int(bytes[index]) + 587 * Int(bytes[index + 1]) + 114 * Int(bytes[index + 2])
    }

    /// The largest difference of a colour channel between this pixel and the same one of `other`.
    func channelDelta(to other: PixelPlane, x: Int, y: Int) -> Int {
        let index = (y * width + x) * 4
        return max(abs(Int(bytes[index]) - Int(other.bytes[index])),
                   abs(Int(bytes[index + 1]) - Int(other.bytes[index + 1])),
                   abs(Int(bytes[index + 2]) - Int(other.bytes[index + 2])))
    }

    /// This pixel's red, green and blue minus those of the same pixel of `other`.
    func signedChannelDifferences(to other: PixelPlane, x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let index = (y * width + x) * 4
        return (Int(bytes[index]) - Int(other.bytes[index]),
                Int(bytes[index + 1]) - Int(other.bytes[index + 1]),
                Int(bytes[index + 2]) - Int(other.bytes[index + 2]))
    }

    /// Whether the pixel lies on the image's first or last row or column.
    func isOnBorder(x: Int, y: Int) -> Bool {
        x == 0 || y == 0 || x == width - 1 || y == height - 1
    }
}
