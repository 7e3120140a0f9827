import CDeflate
import Images

/// A PNG with an alpha channel (8-bit grey and alpha, or RGBA, not interlaced) as the two sets
/// of rows a PDF reads with PNG's predictors: the colour samples, and the alpha samples for
/// its soft mask. Each row keeps the filter the PNG gave it.
///
/// PNG's filters predict a byte from the same byte of the pixel to the left, the one above and
/// the one above and to the left, so each channel is filtered on its own: the colour bytes of
/// a filtered row are the colour samples filtered alone (`/Colors 3` or 1), and its alpha bytes
/// the alpha filtered alone (`/Colors 1`). The rows are split without undoing a filter, and
/// only the image data is inflated: no pixel is decoded.
struct PNGAlphaRows: Equatable {
    var width: Int
    var height: Int
    /// 1 (grey) or 3 (RGB), 8 bits each.
    var colours: Int
    /// `height` rows of `1 + width × colours` bytes: the filter type, then the filtered samples.
    var colourRows: [UInt8]
    /// `height` rows of `1 + width` bytes: the filter type, then the filtered alpha.
    var alphaRows: [UInt8]

    /// The rows of `bytes`, a PNG file already checked (`ImagePreflight`); nil for another kind
    /// of PNG, or when its image data does not inflate to exactly its rows, each with a filter
    /// type that exists: such a file is left to the decoder, which says what is wrong with it.
    init?(png bytes: [UInt8]) {
        guard let file = PNGImageData(png: bytes), file.bitDepth == 8, file.colourType == 4 || file.colourType == 6,
              !file.isInterlaced, file.width > 0, file.height > 0 else { return nil }
        let width = file.width, height = file.height, colours = file.colourType == 4 ? 1 : 3
        guard var rows = Self.inflate(file.compressed, count: height * (1 + width * (colours + 1))) else { return nil }
        guard let alphaRows = Self.split(&rows, width: width, height: height, colours: colours) else { return nil }
        self.init(width: width, height: height, colours: colours, colourRows: rows, alphaRows: alphaRows)
    }

    init(width: Int, height: Int, colours: Int, colourRows: [UInt8], alphaRows: [UInt8]) {
        self.width = width
        self.height = height
        self.colours = colours
        self.colourRows = colourRows
        self.alphaRows = alphaRows
    }

    /// Whether every alpha sample is 255, told from the filtered rows: given the bytes before
    /// it, a filter maps a sample to one byte and back, so the rows are an opaque picture's
    /// exactly when each byte is what filtering 255 among 255s gives (the edges' missing
    /// neighbours count as 0).
    var isOpaque: Bool {
        alphaRows.withUnsafeBufferPointer { rows in
            for row in 0 ..< height {
                let start = row * (1 + width), type = rows[start]
                let above = row > 0 ? 255 : 0
                let first = 255 &- PNGFilterType.prediction(type, left: 0, above: above, aboveLeft: 0)
                let rest = 255 &- PNGFilterType.prediction(type, left: 255, above: above, aboveLeft: above)
                guard rows[start + 1] == first else { return false }
                for index in start + 2 ..< start + 1 + width where rows[index] != rest { return false }
            }
            return true
        }
    }

    /// Exactly `count` bytes inflated from the zlib stream `compressed`, or nil. libdeflate
    /// accepts some streams zlib refuses, but only where zlib (libpng's inflater, which the
    /// preflight or the decoder ran on this file) would have stopped before the end of the
    /// rows; when the rows come out whole they are the rows libpng reads.
    private static func inflate(_ compressed: [UInt8], count: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var result = LIBDEFLATE_BAD_DATA
        // Not zeroed first: the rows are kept only when libdeflate wrote all `count` of them.
        let rows = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            result = compressed.withUnsafeBytes { source in
                // No count of bytes written asked for: anything but exactly `count` fails.
                libdeflate_zlib_decompress(decompressor, source.baseAddress, source.count, target.baseAddress, count, nil)
            }
            initialized = result == LIBDEFLATE_SUCCESS ? count : 0
        }
        return result == LIBDEFLATE_SUCCESS ? rows : nil
    }

    /// Splits the interleaved rows in `rows` in place: the colour rows are moved to its start
    /// (each is shorter than the row it comes from, so none is overwritten before it is read)
    /// and it is cut to them; returns the alpha rows. Nil when a row's filter type is not one
    /// of PNG's five.
    private static func split(_ rows: inout [UInt8], width: Int, height: Int, colours: Int) -> [UInt8]? {
        let rowLength = 1 + width * (colours + 1), colourRowLength = 1 + width * colours, alphaRowLength = 1 + width
        var valid = true
        let alphaCount = height * alphaRowLength
        let alpha = [UInt8](unsafeUninitializedCapacity: alphaCount) { alpha, initialized in
            rows.withUnsafeMutableBufferPointer { rows in
                for row in 0 ..< height {
                    let source = rows.baseAddress! + row * rowLength
                    guard source.pointee <= PNGFilterType.paeth else {
                        valid = false
                        return
                    }
                    let colour = rows.baseAddress! + row * colourRowLength, rowAlpha = alpha.baseAddress! + row * alphaRowLength
                    colour.pointee = source.pointee
                    rowAlpha.pointee = source.pointee
                    // A loop for each kind with the channels' count known, so each pixel's
                    // bytes are written out: the zombie cat's split 4.6 → 1.2 M instructions.
                    if colours == 3 {
                        Self.splitPixels(from: source + 1, colours: colour + 1, alpha: rowAlpha + 1, width: width, channels: 4)
                    } else {
                        Self.splitPixels(from: source + 1, colours: colour + 1, alpha: rowAlpha + 1, width: width, channels: 2)
                    }
                }
            }
            initialized = valid ? alphaCount : 0
        }
        guard valid else { return nil }
        rows.removeLast(rows.count - height * colourRowLength)
        return alpha
    }

    /// One row's `width` pixels of `channels` bytes (the colours, then the alpha) from `source`
    /// into `colours` and `alpha`; `colours` may be `source` itself or behind it.
    @inline(__always)
    private static func splitPixels(from source: UnsafeMutablePointer<UInt8>, colours: UnsafeMutablePointer<UInt8>,
                                    alpha: UnsafeMutablePointer<UInt8>, width: Int, channels: Int) {
        var source = source, colours = colours
        for pixel in 0 ..< width {
            for channel in 0 ..< channels - 1 { colours[channel] = source[channel] }
            alpha[pixel] = source[channels - 1]
            source += channels
            colours += channels - 1
        }
    }
}

/// PNG's five filter types (PNG specification, 9.2): what each predicts a byte to be from the
/// same byte of the pixel to the left, above, and above and to the left.
enum PNGFilterType {
    static let paeth: UInt8 = 4

    static func prediction(_ type: UInt8, left: Int, above: Int, aboveLeft: Int) -> UInt8 {
        switch type {
        case 1: return UInt8(left)
        case 2: return UInt8(above)
        case 3: return UInt8((left + above) / 2)
        case 4:
            let estimate = left + above - aboveLeft
            let toLeft = abs(estimate - left), toAbove = abs(estimate - above), toAboveLeft = abs(estimate - aboveLeft)
            if toLeft <= toAbove, toLeft <= toAboveLeft { return UInt8(left) }
            return UInt8(toAbove <= toAboveLeft ? above : aboveLeft)
        default: return 0
        }
    }
}
