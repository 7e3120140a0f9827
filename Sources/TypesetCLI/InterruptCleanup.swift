import Foundation
import Render

/// An interrupted run (SIGINT, SIGTERM, SIGHUP) removes its temporary files, then ends as the
/// signal would have ended it (the shell's status 128 + the signal's number).
///
/// The signals are blocked in every thread and taken by `sigwait` on a thread of its own, so
/// the removal runs as ordinary code, not in a signal handler, where almost nothing (no lock,
/// no allocation, no Swift) is safe.
enum InterruptCleanup {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Call before any other thread starts: threads inherit the blocked set.
    static func install() {
        // A signal ignored by whoever started us (`nohup`, a background job) stays ignored.
        let handled = signals.filter { signal in
            var action = sigaction()
            sigaction(signal, nil, &action)
            return !isIgnoring(action)
        }
        guard !handled.isEmpty else { return }
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        let waiter = Thread {
            var set = waited, received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            TemporaryFiles.shared.removeAll()
            FontconfigCacheFolder.removeTemporaryFolder()
            end(by: received)
        }
        waiter.start()
    }

    private static func isIgnoring(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Ends the process by `signal` with its default action.
    private static func end(by signal: Int32) -> Never {
        Foundation.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        // Not reached: the default action of these signals ends the process.
        _exit(128 + signal)
    }
}
