import Foundation

/// Runs independent pieces of work on up to `jobs` threads of their own and hands each
/// result back on the calling thread as it finishes: the engine of batches and of golden
/// comparisons of many documents.
public enum ParallelJobs {
    /// Secondary threads get 512 KB of stack by default; the main thread, on which a single
    /// document is set, has 8 MB. A document must not fail in a batch that passes alone.
    public static let threadStackSize = 8 << 20

    /// Runs `work(0)` … `work(count - 1)` and returns the results in that order.
    /// `whenFinished` is called on the calling thread, one call at a time, as each piece
    /// finishes, with its index, its result and how many have finished so far.
    public static func run<Result: Sendable>(count: Int, jobs: Int, _ work: @escaping @Sendable (Int) -> Result,
                                      whenFinished: (_ index: Int, _ result: Result, _ finishedCount: Int) -> Void) -> [Result] {
        let queue = JobQueue<Result>(count: count)
        for _ in 0 ..< min(max(1, jobs), count) {
            let worker = Thread {
                while let index = queue.nextJob() {
                    queue.finish(index, work(index))
                }
            }
            worker.stackSize = threadStackSize
            worker.start()
        }
        var results = [Result?](repeating: nil, count: count)
        for finished in stride(from: 1, through: count, by: 1) {
            let (index, result) = queue.waitForFinished()
            results[index] = result
            whenFinished(index, result, finished)
        }
        return results.map { $0! }
    }
}

/// The jobs not yet started and those finished but not yet handed back, shared by the
/// workers and the thread that waits for them.
private final class JobQueue<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var next = 0
    private var finished: [(index: Int, result: Result)] = []

    init(count: Int) {
        self.count = count
    }

    /// The index of a job no worker has taken yet, or nil when all are taken.
    func nextJob() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: Result) {
        condition.lock()
        finished.append((index, result))
        condition.signal()
        condition.unlock()
    }

    /// The next job to finish, waiting for one when none is ready.
    func waitForFinished() -> (index: Int, result: Result) {
        condition.lock()
        defer { condition.unlock() }
        while finished.isEmpty { condition.wait() }
        return finished.removeFirst()
    }
}
