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
    /// Each chunk's room, in elements.
    private var capacities: [Int] = []
    /// The chunk runs go into — the last, but while runs are moved down (`rewind`) — and how
    /// much of it is used.
    private var filling = 0
    private var used = 0
    /// The memory the chunks hold (spare room at their ends included).
    private(set) var bytesHeld = 0

    init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// The memory that appending a run of `count` would add: a new chunk when the last one
    /// has no room for it, else nothing.
    func bytesToAppend(_ count: Int) -> Int {
        count <= room ? 0 : nextChunkCount(for: count) * MemoryLayout<Element>.stride
    }

    private var room: Int { chunks.isEmpty ? 0 : capacities[filling] - used }

    /// Keeps `run` after the others; where it is, to be read by `elements(at:count:)`.
    mutating func append(_ run: UnsafeBufferPointer<Element>) -> Position {
        guard !run.isEmpty else { return Position(chunk: 0, index: 0) }   // read back as no elements, from no chunk
        precondition(chunks.isEmpty || filling == chunks.count - 1, "runs appended while runs are moved down")
        if run.count > room {
            let capacity = nextChunkCount(for: run.count)
            precondition(chunks.count < Int(UInt32.max), "more chunks than a position can name")
            chunks.append(UnsafeMutablePointer<Element>.allocate(capacity: capacity))
            capacities.append(capacity)
            bytesHeld += capacity * MemoryLayout<Element>.stride
            filling = chunks.count - 1
            used = 0
        }
        let position = Position(chunk: UInt32(filling), index: UInt32(used))
        if let source = run.baseAddress { (chunks[filling] + used).initialize(from: source, count: run.count) }
        used += run.count
        return position
    }

    // Forgetting some runs and keeping the others, in place: `rewind`, then `moveDown` each run
    // kept in the order they were appended, then `releaseChunksPastTheRuns`. A run moved goes
    // to the first place after the last one moved where it fits, which is never past where it
    // lies (it fits there), so nothing is allocated and no run is overwritten before it moves.

    /// Starts placing runs from the first chunk again, keeping every chunk.
    mutating func rewind() {
        filling = 0
        used = 0
    }

    /// Moves the run of `count` at `position` (the next kept run in appended order since
    /// `rewind`) down to the next free place; where it is now.
    mutating func moveDown(_ position: Position, count: Int) -> Position {
        guard count > 0 else { return Position(chunk: 0, index: 0) }
        while count > capacities[filling] - used {
            filling += 1
            used = 0
        }
        let moved = Position(chunk: UInt32(filling), index: UInt32(used))
        precondition(moved.chunk < position.chunk || (moved.chunk == position.chunk && moved.index <= position.index),
                     "runs moved down out of their order")
        if moved.chunk != position.chunk || moved.index != position.index {
            // The two may overlap within a chunk: a copy that allows it.
            UnsafeMutableRawPointer(chunks[filling] + used).copyMemory(
                from: chunks[Int(position.chunk)] + Int(position.index), byteCount: count * MemoryLayout<Element>.stride)
        }
        used += count
        return moved
    }

    /// Gives back the chunks past the one the last run moved went into; appending goes on there.
    mutating func releaseChunksPastTheRuns() {
        guard !chunks.isEmpty else { return }
        for index in filling + 1 ..< chunks.count {
            chunks[index].deallocate()
            bytesHeld -= capacities[index] * MemoryLayout<Element>.stride
        }
        chunks.removeLast(chunks.count - filling - 1)
        capacities.removeLast(capacities.count - filling - 1)
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
        capacities = []
        filling = 0
        used = 0
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
