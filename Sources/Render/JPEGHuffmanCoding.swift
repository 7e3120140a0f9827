import CTurboJPEG
import Images

/// An arithmetic-coded JPEG made Huffman-coded without loss, as `jpegtran` does: the DCT
/// coefficients are copied and only their entropy coding changes, so the picture is the very
/// same. A PDF's `/DCTDecode` is read by every viewer only in Huffman coding (Chrome's pdfium
/// draws an arithmetic-coded picture as a black box), and refusing the file would send the user
/// to a tool for what typeset can do losslessly. The other markers (ICC profile, Adobe's) are
/// kept; a progressive file stays progressive.
enum JPEGHuffmanCoding {
    static func transcode(_ bytes: [UInt8], info: ImageInfo) throws -> [UInt8] {
        guard let transformer = tjInitTransform() else { throw ImageLoadError(path: "", reason: "cannot start the JPEG transcoder") }
        defer { tjDestroy(transformer) }
        var transform = tjtransform()
        transform.op = Int32(TJXOP_NONE.rawValue)
        transform.options = info.isProgressive ? TJXOPT_PROGRESSIVE : 0
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let result = tjTransform(transformer, bytes, UInt(bytes.count), 1, &output, &outputSize, &transform, 0)
        defer { tjFree(output) }
        guard result == 0, let output else {
            let message = String(cString: tjGetErrorStr2(transformer))
            throw ImageLoadError(path: "", reason: "cannot make the arithmetic-coded JPEG Huffman-coded (libjpeg-turbo: \(message))")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(outputSize)))
    }
}
