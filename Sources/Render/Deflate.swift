import CDeflate

/// A libdeflate compressor kept for many calls, for the streams typeset writes into a PDF
/// itself (a PDF's `/FlateDecode`, zlib's format, which every reader inflates): the text
/// layer's pages, the structure tree's object streams. libdeflate compresses a whole buffer
/// at once; the compressor and the output room are kept between calls. Under `typeset watch`
/// the streams the run before deflated are taken again (`KeptDeflates`).
final class Deflater {
    /// libdeflate's fastest level: on the KJV book it deflates the pages' text and the
    /// structure tree three to four times faster than zlib's default level did, for 7 % more
    /// bytes of text (the PDF 6 % larger, 1.02 times pdfLaTeX's); its level 6 saved only a
    /// third (docs/pipeline.md, "Speed: the finishing step, memory and the PDF's size").
    static let level: Int32 = 1

    private let compressor = libdeflate_alloc_compressor(Deflater.level)
    private var output: [UInt8] = []
    /// The streams the run before deflated; nil: every stream is deflated.
    private let kept: KeptDeflates?

    init(keeping kept: KeptDeflates? = nil) {
        self.kept = kept
    }

    deinit {
        if let compressor { libdeflate_free_compressor(compressor) }
    }

    /// `data` in a zlib stream; the same bytes whether or not the compressor was used before.
    /// `what` names the data in the error, which says the finishing step failed.
    func bytes(_ data: [UInt8], of what: String) throws -> [UInt8] {
        guard let kept else { return try compressed(data, of: what) }
        return try kept.deflated(data) { try compressed(data, of: what) }
    }

    private func compressed(_ data: [UInt8], of what: String) throws -> [UInt8] {
        guard let compressor else { throw FinishingError("libdeflate could not start to compress \(what)") }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let written = output.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { source in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        // Zero: the bound's room was too little, which libdeflate promises never happens.
        guard written > 0 else { throw FinishingError("libdeflate could not compress \(what)") }
        // A copy of the bytes written: a book holds a page's text until the finishing step.
        return Array(output[..<written])
    }
}
