import Foundation

/// Runs a drawing no library lets typeset stop — poppler's: its GLib binding has no time or
/// memory limit and no way to interrupt a page — in a child process with limits, so that a
/// hostile PDF (a content stream inflating to gigabytes, forms nested to draw each other 2^40
/// times) ends in an error at its `<img>` instead of a hang, and a crash in the renderer ends
/// the child, not typeset. The child is a `fork` of typeset that draws and exits (`_exit`, no
/// cleanup): it shares the parsed file and needs no program of its own.
///
/// The fork's risk, in a process with threads (a batch draws documents side by side): the
/// child has only the forking thread, and POSIX allows it only async-signal-safe calls until
/// it execs, which drawing is not. glibc makes `malloc` safe in such a child (its fork takes
/// and resets the allocator's locks); any other lock another thread held at the fork — GLib's,
/// Cairo's font maps, fontconfig's, the Swift runtime's — stays held in the child forever. The
/// child then waits without drawing: the clock kills it, and one that used almost no processor
/// time is forked again (the other thread has let go by then) before it is reported, as a
/// child that waited, not as a hostile file. A `typeset` spawned to draw would have no such
/// risk but needs the program's path, which a library user (the tests) does not have.
enum BoundedDrawing {
    /// What a drawing may spend.
    struct Limits: Sendable {
        /// Processor time, in seconds (`RLIMIT_CPU`).
        var processorSeconds: Int
        /// Time on the clock, in seconds, for a machine busy with other work.
        var wallSeconds: Double
        /// Memory beyond what typeset holds when the child starts, in bytes (`RLIMIT_AS`).
        var extraMemory: Int

        /// 10 s of processor time, far more than a printable page takes (see docs/pipeline.md);
        /// 120 s on the clock, for a child that waits rather than works (a lock another thread
        /// held when it was forked) on a machine busy with other work; 1 GB of memory.
        static let standard = Limits(processorSeconds: 10, wallSeconds: 120, extraMemory: 1 << 30)
    }

    /// Why a drawing did not finish.
    enum Failure: Error, CustomStringConvertible, Equatable {
        case tooSlow(seconds: Double)
        /// Killed by the clock twice having drawn next to nothing: waiting on a lock.
        case waited(seconds: Double)
        case stopped(signal: Int32, memory: Int)
        case failed
        case cannotStart(errno: Int32)

        var description: String {
            switch self {
            case .tooSlow(let seconds):
                "drawing it took more than \(Int(seconds)) s, longer than any printable page takes (a hostile or broken file)"
            case .waited(let seconds):
                "the process drawing it waited \(Int(seconds)) s without drawing, twice (a lock held by another thread when it was started); run it again"
            case .stopped(let signal, let memory):
                "the renderer stopped drawing it (signal \(signal)): it needed more than the \(memory >> 20) MB it may use, or the file broke it"
            case .failed: "it cannot be drawn"
            case .cannotStart(let errno): "the process to draw it in cannot be started (errno \(errno))"
            }
        }
    }

    /// Runs `draw` in a child process within `limits`; throws what stopped it.
    static func run(within limits: Limits = .standard, _ draw: () throws -> Void) throws {
        do {
            try runOnce(within: limits, draw)
        } catch Failure.waited {
            // A lock another thread held at the fork: that thread has let go of it by now.
            try runOnce(within: limits, draw)
        }
    }

    private static func runOnce(within limits: Limits, _ draw: () throws -> Void) throws {
        // Unknown (no /proc), the memory is left unlimited rather than limited to nothing.
        let memoryLimit = currentVirtualMemory().map { $0 + limits.extraMemory }
        let child = fork()
        guard child >= 0 else { throw Failure.cannotStart(errno: errno) }
        if child == 0 {
            // A crash in the renderer ends the child by its signal, which the parent reports:
            // not through the crash handlers the child inherits (Swift's backtracer printed a
            // page of registers for an expected failure, and under ASan it crashed itself and
            // the child exited 1 instead).
            for crash in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { signal(crash, SIG_DFL) }
            var processor = rlimit(rlim_cur: rlim_t(limits.processorSeconds), rlim_max: rlim_t(limits.processorSeconds + 1))
            setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &processor)
            if let memoryLimit {
                var memory = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
                setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
            }
            do { try draw() } catch { _exit(Self.failedStatus) }
            _exit(0)
        }
        let status = try wait(for: child, seconds: limits.wallSeconds)
        let signal = status & 0x7f
        if signal == 0 {
            guard (status >> 8) & 0xff == 0 else { throw Failure.failed }
            return
        }
        // The processor limit sends SIGXCPU, and SIGKILL past its hard limit; out of its address
        // space the renderer aborts (C++'s `std::bad_alloc`) or crashes on a `malloc` it does not check.
        guard signal != SIGXCPU, signal != SIGKILL else { throw Failure.tooSlow(seconds: Double(limits.processorSeconds)) }
        throw Failure.stopped(signal: signal, memory: limits.extraMemory)
    }

    /// An exit status of the child whose drawing threw.
    private static let failedStatus: Int32 = 3

    /// The child's wait status. Killed once `seconds` have passed on the clock: `tooSlow` if it
    /// was drawing, `waited` if it used under 1 % of that time on the processor in its own code
    /// (a child stopped on a lock uses none; poppler drawing a map on a shared 2-core machine got
    /// 6 % of the clock, 1.4 s in 23 s: `docs/pipeline.md`). User time only: the system's time
    /// for the copy-on-write faults after the fork is not the child's drawing, and under
    /// AddressSanitizer's shadow memory it passed 1 % of half a second for a child that slept.
    private static func wait(for child: pid_t, seconds: Double) throws -> Int32 {
        var status: Int32 = 0
        var waited = 0.0
        let pause = 0.005
        while true {
            let result = waitpid(child, &status, WNOHANG)
            if result == child { return status }
            if result == -1, errno != EINTR { throw Failure.cannotStart(errno: errno) }
            if waited >= seconds {
                kill(child, SIGKILL)
                var usage = rusage()
                _ = wait4(child, &status, 0, &usage)
                let processor = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                throw processor < seconds / 100 ? Failure.waited(seconds: seconds) : Failure.tooSlow(seconds: seconds)
            }
            usleep(useconds_t(pause * 1_000_000))
            waited += pause
        }
    }

    /// This process's virtual memory, in bytes (`/proc/self/statm`'s first field, in pages).
    private static func currentVirtualMemory() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
