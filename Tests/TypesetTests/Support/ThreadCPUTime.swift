import Foundation

/// The processor time of the calling thread, for tests that check how work grows (per doubling
/// of the input), never how long it takes: a thread's CPU time moves far less with the
/// machine's load than the clock, and a ratio does not depend on the machine's speed.
enum ThreadCPUTime {
    /// The least CPU time of this thread over `trials`, each repeating `work` until it took
    /// 20 ms (a run's time alone is too short to measure), per run.
    static func least(of trials: Int = 5, _ work: () -> Void) -> Double {
        (0 ..< trials).map { _ in
            let start = now()
            var runs = 0
            repeat {
                work()
                runs += 1
            } while now() - start < 0.02
            return (now() - start) / Double(runs)
        }.min()!
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
