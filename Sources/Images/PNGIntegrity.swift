import CZlib

/// Whether libpng (through Cairo) is sure to decode a PNG, told without decoding it: every
/// chunk whole up to IEND, its type four letters and its CRC right; IHDR first and once, no
/// critical chunk but IHDR, IDAT (in one run) and IEND; and the image data a zlib stream of
/// exactly the header's rows (`PNGScanlineCheck`). That is every rule whose breach makes
/// libpng 1.6 fail rather than warn, for a picture neither interlaced nor a palette, once the
/// header has passed `ImageInfo.probe`. It costs an inflate and a CRC of the file, where a
/// decode adds undoing the filters and converting every pixel to 32 bits.
///
/// It only vouches: a file it does not vouch for may still decode (an interlaced or palette
/// picture, a wrong CRC on an ancillary chunk or data after the zlib stream, which libpng
/// passes with a warning). Such a file goes to the decoder, which says in its own words what
/// is wrong, if anything, so a bad picture's message does not depend on this check.
public enum PNGIntegrity {
    /// Channels of the colour types checked here: grey, RGB, grey and alpha, RGBA.
    private static let channels: [UInt8: Int] = [0: 1, 2: 3, 4: 2, 6: 4]

    /// `bytes`: a whole PNG file whose header `ImageInfo.probe` accepted.
    public static func vouchesFor(_ bytes: [UInt8]) -> Bool {
        // Signature (8), IHDR's length and type (8), width, height, depth, colour type,
        // compression, filter, interlace.
        guard bytes.count >= 33, bytes.starts(with: PNGHeader.signature) else { return false }
        guard bytes[28] == 0, let channels = channels[bytes[25]] else { return false }
        let width = ImageInfo.bigEndian(bytes, 16, 4), height = ImageInfo.bigEndian(bytes, 20, 4), depth = Int(bytes[24])
        let rows = PNGScanlineCheck(rowLength: 1 + (width * channels * depth + 7) / 8, rows: height)
        var imageDataRun = ImageDataRun.notBegun
        var chunks = PNGChunks(bytes)
        while let chunk = chunks.next() {
            guard hasRightCRC(bytes, from: chunk.offset + 4, to: chunk.data.upperBound) else { return false }
            switch chunk.name {
            case "IHDR":
                guard chunk.offset == 8 else { return false }
            case "IDAT":
                guard imageDataRun != .ended, rows.feed(bytes[chunk.data]) else { return false }
                imageDataRun = .going
            case "IEND":
                return rows.isComplete
            default:
                // An ancillary chunk's type begins with a lower-case letter; libpng refuses
                // critical ones it does not know, and PLTE is checked only for palette pictures.
                guard chunk.type.first! & 0x20 != 0 else { return false }
                if imageDataRun == .going { imageDataRun = .ended }
            }
        }
        // Cut short before IEND, or a chunk that cannot be one.
        return false
    }

    private enum ImageDataRun {
        case notBegun, going, ended
    }

    /// The CRC after a chunk's type and data is theirs (zlib's CRC-32, which PNG uses).
    private static func hasRightCRC(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        let computed = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + start, UInt32(end - start)) }
        return Int(computed) == ImageInfo.bigEndian(bytes, end, 4)
    }
}
