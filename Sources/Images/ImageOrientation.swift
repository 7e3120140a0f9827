/// How a JPEG's pixels are to be turned to stand upright: its EXIF Orientation tag (TIFF 6.0's
/// 0x0112), which a camera writes instead of rotating the pixels. Browsers (CSS
/// `image-orientation: from-image`, the default) and InDesign apply it when a picture is placed,
/// so typeset does too: a portrait photograph stands as it was taken.
public enum ImageOrientation: Int, Hashable, Sendable {
    case up = 1, mirrored, upsideDown, upsideDownMirrored
    /// 5 to 8: rows and columns trade places, so the upright picture's width is the stored height.
    case transposed, turnedRight, transverse, turnedLeft

    public var swapsSides: Bool { rawValue >= 5 }

    /// The affine map (a, b, c, d, tx, ty: x' = a x + c y + tx, y' = b x + d y + ty) taking a
    /// point of the stored picture, `width` × `height`, to where it stands upright.
    public func uprightTransform(width: Double, height: Double) -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        switch self {
        case .up: (1, 0, 0, 1, 0, 0)
        case .mirrored: (-1, 0, 0, 1, width, 0)
        case .upsideDown: (-1, 0, 0, -1, width, height)
        case .upsideDownMirrored: (1, 0, 0, -1, 0, height)
        case .transposed: (0, 1, 1, 0, 0, 0)
        // The top row goes to the right-hand side: turned a quarter clockwise.
        case .turnedRight: (0, 1, -1, 0, height, 0)
        case .transverse: (0, -1, -1, 0, height, width)
        // The top row goes to the left-hand side: a quarter anticlockwise.
        case .turnedLeft: (0, -1, 1, 0, 0, width)
        }
    }

    /// The orientation an APP1 segment's body (from "Exif\0\0") gives; `.up` when it holds no
    /// valid one (a missing tag, a value outside 1–8, a TIFF structure cut short).
    static func reading(exif body: ArraySlice<UInt8>) -> ImageOrientation {
        let exif = Array(body)
        // "Exif\0\0", then a TIFF header: byte order ("II" or "MM"), 42, the first IFD's offset.
        guard exif.count >= 14, exif.starts(with: Array("Exif".utf8) + [0, 0]) else { return .up }
        let tiff = 6
        let littleEndian: Bool
        switch (exif[tiff], exif[tiff + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return .up
        }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= exif.count else { return nil }
            let bytes = exif[offset ..< offset + count]
            return (littleEndian ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard number(tiff + 2, 2) == 42, let firstIFD = number(tiff + 4, 4), let entries = number(tiff + firstIFD, 2) else { return .up }
        // Each entry: tag (2), type (2), count (4), value (4); Orientation is one SHORT.
        for entry in 0 ..< entries {
            let offset = tiff + firstIFD + 2 + entry * 12
            guard let tag = number(offset, 2) else { return .up }
            guard tag == 0x0112 else { continue }
            guard number(offset + 2, 2) == 3, let value = number(offset + 8, 2) else { return .up }
            return ImageOrientation(rawValue: value) ?? .up
        }
        return .up
    }
}
