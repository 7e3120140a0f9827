/// The streams the last run of a document deflated, by their bytes, for `typeset watch`'s next
/// run to take again: a deflated stream is a function of its bytes alone (`Deflater`, one
/// level of libdeflate), so a page whose text or drawing an edit did not reach is written as
/// the run before wrote it, not compressed again. The kept page's text layer, Cairo's page
/// rewritten for its artifacts and inks, and an object stream of the structure tree or the
/// fonts whose objects are alike are all found this way; the output does not depend on what
/// is kept.
///
/// A stream is found by its bytes, not by a page number or an object number: a hash picks the
/// entry and the whole bytes are compared, so a stream that differs by a byte is deflated
/// again. A run keeps what it deflated or took and lets the rest go, within `budget` bytes
/// (each stream's bytes and its deflated bytes; while a run draws, the last run's are held
/// too): the 99-page magazine's 203 page streams take 1.05 MB, and a document past the budget
/// keeps its first streams and deflates the others every run.
///
/// One run at a time, on its drawing thread (the text layer's pages, then the finishing step).
public final class KeptDeflates: @unchecked Sendable {
    /// The bytes kept at most: a stream past it is deflated every run.
    static let budget = 32 << 20

    /// The last run's streams, and this run's so far.
    private var last: [HashedBytes: [UInt8]] = [:]
    private var current: [HashedBytes: [UInt8]] = [:]
    private var currentBytes = 0
    /// How many streams the run so far took from the one before, and how many it deflated.
    public private(set) var taken = 0
    public private(set) var deflated = 0

    public init() {}

    /// A new run begins: what the run before deflated or took is what it may take.
    public func beginRun() {
        last = current
        current = [:]
        currentBytes = 0
        taken = 0
        deflated = 0
    }

    /// `bytes` deflated: the last run's when it deflated the same bytes, else `deflate`'s.
    func deflated(_ bytes: [UInt8], by deflate: () throws -> [UInt8]) rethrows -> [UInt8] {
        let stream = HashedBytes(bytes)
        let result: [UInt8]
        if let found = last[stream] ?? current[stream] {
            taken += 1
            result = found
        } else {
            deflated += 1
            result = try deflate()
        }
        let size = bytes.count + result.count
        if current[stream] == nil, currentBytes + size <= Self.budget {
            current[stream] = result
            currentBytes += size
        }
        return result
    }
}
