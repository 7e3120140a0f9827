import Foundation
import Render

/// The memory that page comparisons may hold at once, shared by every document of a batch.
/// A page is compared as whole images held in memory (rendered, golden, marks, diff, and the
/// surfaces they are copied from), so eight jobs at 600 dpi need eight times a page's worth:
/// past the process's limit an array cannot be allocated and the runtime aborts. A comparison
/// first takes its bytes from this budget, waiting while others hold them, whatever `--jobs`
/// is; then checks that the memory can be had now, so that a page too large for the process
/// fails as that page's error instead of a crash.
public final class ComparisonMemory: @unchecked Sendable {
    /// Bytes the comparisons of all jobs may hold together.
    public let limit: Int
    private let condition = NSCondition()
    private var held = 0
    /// The most ever held at once, for tests of the budget.
    public private(set) var mostHeld = 0

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Half of the process's memory: the smaller of the machine's and the address-space limit
    /// (`ulimit -v`), leaving the other half to layout, fonts and the drawing itself.
    public static let forThisProcess = ComparisonMemory(limit: processMemory / 2)

    private static var processMemory: Int {
        let physical = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        var addressSpace = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &addressSpace) == 0,
              addressSpace.rlim_cur != rlim_t.max else { return physical }   // RLIM_INFINITY: no limit
        return min(physical, Int(clamping: addressSpace.rlim_cur))
    }

    /// Page-sized buffers a comparison holds at its peak: the drawn surface and its pixels, the
    /// golden's decoded surface and its pixels, the diff and the surface it is written from.
    static let buffersPerComparison = 6

    /// The bytes comparing one page of `pixels` takes at its peak.
    public static func bytes(toCompare pixels: PagePixels) -> Int {
        Int(pixels.width * pixels.height) * 4 * buffersPerComparison
    }

    /// Waits until `bytes` fit beside what the other jobs hold (or nothing is held: a page
    /// larger than the whole budget still runs, alone), then takes them. Throws, holding
    /// nothing, when the process cannot allocate that much now.
    func take(_ bytes: Int, toCompare description: @autoclosure () -> String) throws {
        condition.lock()
        while held > 0, held + bytes > limit { condition.wait() }
        held += bytes
        mostHeld = max(mostHeld, held)
        condition.unlock()
        // Allocated and given back at once: glibc maps a block this large on its own and
        // unmaps it on free, so the test is of the address space the page will need.
        guard let probe = malloc(bytes) else {
            give(bytes)
            throw ComparisonMemoryError(description: description(), bytes: bytes)
        }
        free(probe)
    }

    /// Gives back what `take` took, waking the jobs that wait for it.
    func give(_ bytes: Int) {
        condition.lock()
        held -= bytes
        condition.broadcast()
        condition.unlock()
    }
}

/// A page whose comparison needs more memory than the process can have.
public struct ComparisonMemoryError: Error, CustomStringConvertible {
    public var description: String

    init(description page: String, bytes: Int) {
        description = "\(page): not enough memory to compare it (\(bytes / 1_000_000) MB at once); lower --dpi or the page size"
    }
}
