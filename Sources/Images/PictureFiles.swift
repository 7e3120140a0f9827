import Foundation

/// The picture files a document reads: its `<img>` is checked (inside `--root`, a picture that
/// decodes), measured, traced and drawn from the file opened first. A picture renamed over, or
/// its name made a link to a file elsewhere, between the check and the drawing changes nothing:
/// the file checked is the file drawn, or the run fails; one written to in place is refused
/// (`InputFile.Problem.changed`).
///
/// At most `openLimit` files are held open at once, those asked for last: a document of a
/// thousand pictures must not run out of descriptors (a process has 1,024 by default, 256
/// under some limits). A file let go is opened again by its name when it is asked for again,
/// and it must then be the very file opened first, unchanged (its `InputFile.Fingerprint`:
/// the same inode, size and times, its status change too, which no one can set), or it is
/// `changed`.
public final class PictureFiles: @unchecked Sendable {
    /// How many picture files are held open at once.
    public static let openLimit = 64

    /// Every file opened, as first opened.
    private var fingerprints: [String: InputFile.Fingerprint] = [:]
    /// The same, in the order first opened: what a parse going on from a point of an earlier
    /// one opens again, and must find unchanged (`ImageLocator.opensAgain`).
    private var opened: [(path: String, fingerprint: InputFile.Fingerprint)] = []
    private var failures: [String: Error] = [:]
    /// The paths named that were not there or could not be read, in the order named
    /// (`noteMissing`): pictures, and the style sheets and files included the markup names.
    private var missing: [String] = []
    /// The files held open, with when each was last asked for (counted in requests).
    private var held: [String: (file: InputFile, lastAsked: Int)] = [:]
    private var requests = 0
    private let lock = NSLock()

    public init() {}

    /// How many files are open now (for the tests).
    public var openFileCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return held.count
    }

    public var openedInOrder: [(path: String, fingerprint: InputFile.Fingerprint)] {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    /// Every path the document looked for, each once: the files opened, then those that could
    /// not be and those not there. A run that fails on a missing picture still names it, so
    /// that `typeset watch` waits for it to come.
    public var lookedFor: [String] {
        lock.lock()
        defer { lock.unlock() }
        var seen = Set<String>()
        return (opened.map(\.path) + failures.keys.sorted() + missing).filter { seen.insert($0).inserted }
    }

    /// Notes that `path`, named by the document, is not there (or cannot be read).
    public func noteMissing(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        missing.append(path)
    }

    /// The file at `path`, opened the first time it is asked for; a file that could not be
    /// opened fails the same way each time.
    public func file(at path: String) throws -> InputFile {
        lock.lock()
        defer { lock.unlock() }
        if let failure = failures[path] { throw failure }
        requests += 1
        if let open = held[path]?.file {
            held[path]?.lastAsked = requests
            return open
        }
        if let first = fingerprints[path] {
            let reopened = try ImageProbeError.reading { try InputFile(path: path) }
            guard reopened.fingerprint == first else { throw ImageProbeError.file(.changed) }
            hold(reopened, at: path)
            return reopened
        }
        do {
            let opened = try ImageProbeError.reading { try InputFile(path: path) }
            fingerprints[path] = opened.fingerprint
            self.opened.append((path, opened.fingerprint))
            hold(opened, at: path)
            return opened
        } catch {
            failures[path] = error
            throw error
        }
    }

    /// Holds `file` open, letting go of the one asked for longest ago when `openLimit` are.
    private func hold(_ file: InputFile, at path: String) {
        if held.count >= Self.openLimit, let oldest = held.min(by: { $0.value.lastAsked < $1.value.lastAsked })?.key {
            held[oldest] = nil
        }
        held[path] = (file, requests)
    }
}
