/// A PNG's header: its IHDR chunk, checked against the format's rules, and the chunks that
/// follow it up to the image data, as far as the bytes read reach.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Channels and the bit depths allowed for each colour type (PNG specification, 11.2.2).
    private static let colourTypes: [Int: (name: String, channels: Int, depths: [Int])] = [
        0: ("greyscale", 1, [1, 2, 4, 8, 16]),
        2: ("RGB", 3, [8, 16]),
        3: ("palette", 3, [1, 2, 4, 8]),
        4: ("greyscale with alpha", 2, [8, 16]),
        6: ("RGBA", 4, [8, 16]),
    ]

    static func probe(_ bytes: [UInt8]) throws -> ImageInfo {
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), depth, colour type,
        // compression, filter, interlace (1 each), CRC (4).
        guard bytes.count >= 33 else { throw ImageProbeError.truncated }
        guard bytes[12 ..< 16].elementsEqual("IHDR".utf8) else { throw ImageProbeError.invalidPNG("it does not begin with an IHDR chunk") }
        guard ImageInfo.bigEndian(bytes, 8, 4) == 13 else { throw ImageProbeError.invalidPNG("its IHDR chunk is not 13 bytes long") }
        let depth = Int(bytes[24]), colourType = Int(bytes[25])
        guard let type = colourTypes[colourType] else { throw ImageProbeError.invalidPNG("colour type \(colourType) does not exist") }
        guard type.depths.contains(depth) else {
            throw ImageProbeError.invalidPNG("bit depth \(depth) is not allowed for colour type \(colourType) (\(type.name))")
        }
        guard bytes[26] == 0, bytes[27] == 0 else { throw ImageProbeError.invalidPNG("unknown compression or filter method") }
        guard bytes[28] <= 1 else { throw ImageProbeError.invalidPNG("unknown interlace method \(bytes[28])") }
        if colourType == 3 { try checkPalette(bytes) }
        return ImageInfo(format: .png, pixelWidth: ImageInfo.bigEndian(bytes, 16, 4), pixelHeight: ImageInfo.bigEndian(bytes, 20, 4),
                         components: type.channels, isProgressive: false, hasAdobeMarker: false, bitDepth: depth)
    }

    /// A palette image needs its PLTE chunk before the image data. Only the chunks within
    /// `bytes` are looked at; the decoder checks the rest.
    private static func checkPalette(_ bytes: [UInt8]) throws {
        var offset = 33
        while offset + 8 <= bytes.count {
            let type = bytes[offset + 4 ..< offset + 8]
            if type.elementsEqual("PLTE".utf8) { return }
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) {
                throw ImageProbeError.invalidPNG("a palette PNG (colour type 3) has no PLTE chunk")
            }
            // Length, type, data, CRC.
            offset += 12 + ImageInfo.bigEndian(bytes, offset, 4)
        }
    }
}
