import Foundation

/// PNG files written byte by byte, for tests that need broken ones: the chunks are framed and
/// their CRCs computed here, and the pixels are stored in uncompressed deflate blocks, so any
/// field can be set to any value and any byte cut or changed afterwards.
struct PNGBytes {
    var width: UInt32 = 4
    var height: UInt32 = 4
    var bitDepth: UInt8 = 8
    var colourType: UInt8 = 2
    /// Written before the image data when set (a palette PNG needs one).
    var palette: [UInt8]? = nil
    /// The filter type byte at the start of each row.
    var filterType: UInt8 = 0
    /// The IDAT chunk's data; by default `scanlines` in stored deflate blocks.
    var imageData: [UInt8]? = nil

    /// Bytes per row of samples, without the filter byte.
    private var rowLength: Int {
        let channels: [UInt8: Int] = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4]
        return (Int(width) * (channels[colourType] ?? 3) * Int(bitDepth) + 7) / 8
    }

    /// Rows of mid-grey samples (palette index 0 in a palette PNG), each with its filter byte.
    var scanlines: [UInt8] {
        (0 ..< Int(height)).flatMap { _ in [filterType] + [UInt8](repeating: colourType == 3 ? 0 : 0x80, count: rowLength) }
    }

    /// The signature and the IHDR chunk: all a header probe reads.
    var header: [UInt8] {
        let fields = Self.bigEndian(width) + Self.bigEndian(height) + [bitDepth, colourType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", fields)
    }

    /// The whole file: signature, IHDR, PLTE, one IDAT, IEND.
    var bytes: [UInt8] {
        var file = header
        if let palette { file += Self.chunk("PLTE", palette) }
        file += Self.chunk("IDAT", imageData ?? Self.zlibStored(scanlines))
        file += Self.chunk("IEND", [])
        return file
    }

    /// Where the IDAT chunk's data begins in `bytes`.
    var imageDataOffset: Int {
        8 + 25 + (palette.map { 12 + $0.count } ?? 0) + 8
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let length = min(65_535, data.count - start)
            let isLast: UInt8 = start + length == data.count ? 1 : 0
            stream += [isLast, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[start ..< start + length]
            start += length
        } while start < data.count
        return stream + bigEndian(adler32(data))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG and zlib define it (reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
