/// The chunks of a PNG file in memory, in order from the one after the signature, each whole
/// within the bytes: length, four-byte type, data, CRC. The walk stops after IEND, at the end of
/// the bytes, or at the first chunk that cannot be one (`problem` says which and why). Nothing
/// is checked but the framing; what a chunk holds is its reader's business.
public struct PNGChunks: Sequence, IteratorProtocol {
    public struct Chunk {
        /// Where the chunk's length field begins.
        public var offset: Int
        public var type: ArraySlice<UInt8>
        /// Its data, without the CRC that follows.
        public var data: Range<Int>

        public func isType(_ name: String) -> Bool { type.elementsEqual(name.utf8) }
        public var name: String { String(decoding: type, as: UTF8.self) }
    }

    private let bytes: [UInt8]
    private var offset = PNGHeader.signature.count
    private var ended = false
    /// Why the walk stopped at a chunk that cannot be one; nil when it stopped at IEND or at
    /// the end of the bytes with no chunk begun.
    public private(set) var problem: ImageProbeError?

    /// `bytes`: a whole file, its signature already checked.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public mutating func next() -> Chunk? {
        guard !ended, offset < bytes.count else { return nil }
        // Length (4), type (4), data, CRC (4).
        guard offset + 12 <= bytes.count else { return stop(.truncated) }
        let length = ImageInfo.bigEndian(bytes, offset, 4)
        let type = bytes[offset + 4 ..< offset + 8]
        guard type.allSatisfy(Self.isLetter) else {
            let shown = type.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return stop(.invalidPNG("the chunk at byte \(offset) has no type (its bytes are \(shown); a type is four ASCII letters)"))
        }
        let after = bytes.count - (offset + 8)
        // libpng allocates (and clears) a text chunk's claimed length before reading its data, a
        // benign error above its chunk limit on read: a claim past the end of the file is
        // refused here, before any decoder sees it.
        guard length + 4 <= after else {
            return stop(.chunkPastEnd(type: String(decoding: type, as: UTF8.self), offset: offset, length: length, left: after))
        }
        let chunk = Chunk(offset: offset, type: type, data: offset + 8 ..< offset + 8 + length)
        offset = chunk.data.upperBound + 4
        ended = chunk.isType("IEND")
        return chunk
    }

    private mutating func stop(_ problem: ImageProbeError) -> Chunk? {
        self.problem = problem
        ended = true
        return nil
    }

    /// PNG's chunk types are four ASCII letters (libpng refuses others).
    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41 ... 0x5A).contains(byte) || (0x61 ... 0x7A).contains(byte)
    }

    /// Throws the first chunk that cannot be one, walking up to IEND: what libpng would allocate
    /// for or choke on, said in the picture's terms. A file this passes may still fail to decode.
    public static func checkFraming(_ bytes: [UInt8]) throws {
        var chunks = PNGChunks(bytes)
        while chunks.next() != nil {}
        if let problem = chunks.problem { throw problem }
    }
}
