/// Runs of elements (a word's units, its glyphs) kept one after another in chunks that never
/// move: what the shaped-word cache keeps its words in. Growing allocates one more chunk and
/// copies nothing, so the memory held is the chunks' and no more — a doubling array, by
/// contrast, holds up to twice what it keeps, and while it grows its old copy and its new one
/// at once (docs/pipeline.md, "Memory that follows the text", entry "Caches bounded by bytes").
/// A run is never split between chunks, so it is lent as one buffer. Elements are plain
/// values: memory is copied in, never deinitialized.
struct ChunkedRuns<Element: BitwiseCopyable>: ~Copyable {
    typealias Position = ChunkedRunPosition

    /// The first chunk's size; each next one doubles, up to `largestChunkBytes`: a short
    /// document's few words take a kilobyte, a book's vocabulary chunks of 64 KiB (below
    /// malloc's threshold for a mapping of its own, and about 0.1 % spare at their ends).
    static var firstChunkBytes: Int { 1 << 10 }
    static var largestChunkBytes: Int { 64 << 10 }

    private var chunks: [UnsafeMutablePointer<Element>] = []
    /// The last chunk's room, and how much of it is used.
    private var lastCapacity = 0
    private var lastUsed = 0
    /// The memory the chunks hold (spare room at their ends included).
    private(set) var bytesHeld = 0

    init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// The memory that appending a run of `count` would add: a new chunk when the last one
    /// has no room for it, else nothing.
    func bytesToAppend(_ count: Int) -> Int {
        count <= lastCapacity - lastUsed ? 0 : nextChunkCount(for: count) * MemoryLayout<Element>.stride
    }

    /// Keeps `run` after the others; where it is, to be read by `elements(at:count:)`.
    mutating func append(_ run: UnsafeBufferPointer<Element>) -> Position {
        guard !run.isEmpty else { return Position(chunk: 0, index: 0) }   // read back as no elements, from no chunk
        if run.count > lastCapacity - lastUsed {
            let capacity = nextChunkCount(for: run.count)
            precondition(chunks.count < Int(UInt32.max), "more chunks than a position can name")
            chunks.append(UnsafeMutablePointer<Element>.allocate(capacity: capacity))
            bytesHeld += capacity * MemoryLayout<Element>.stride
            lastCapacity = capacity
            lastUsed = 0
        }
        let position = Position(chunk: UInt32(chunks.count - 1), index: UInt32(lastUsed))
        if let source = run.baseAddress { (chunks[chunks.count - 1] + lastUsed).initialize(from: source, count: run.count) }
        lastUsed += run.count
        return position
    }

    /// The run of `count` elements at `position`, valid until the runs are emptied.
    func elements(at position: Position, count: Int) -> UnsafeBufferPointer<Element> {
        guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: chunks[Int(position.chunk)] + Int(position.index), count: count)
    }

    /// Forgets every run and gives the memory back.
    mutating func removeAll() {
        for chunk in chunks { chunk.deallocate() }
        chunks = []
        lastCapacity = 0
        lastUsed = 0
        bytesHeld = 0
    }

    /// The next chunk's size in elements: twice the last, within the bounds above; a run
    /// longer than that has a chunk of its own length.
    private func nextChunkCount(for count: Int) -> Int {
        let stride = MemoryLayout<Element>.stride
        let bytes = chunks.count >= 8 ? Self.largestChunkBytes : min(Self.firstChunkBytes << chunks.count, Self.largestChunkBytes)
        return max(count, bytes / stride, 1)
    }
}

/// Where a run of `ChunkedRuns` starts: its chunk, and its index in the chunk.
struct ChunkedRunPosition {
    fileprivate var chunk: UInt32
    fileprivate var index: UInt32
}
