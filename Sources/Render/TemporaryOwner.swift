import Foundation

/// Who made a temporary beside an output, written into its name (`.NAME.OWNER-RANDOM.tmp`):
/// the process's number, and the scope that number means something in — this boot of the
/// machine and this PID namespace (a container). A run killed by SIGKILL (the OOM killer among
/// them) ends without removing its temporaries, which no handler can do; a later run writing
/// the same output removes those whose maker is gone (`removeStale(beside:)`).
///
/// A temporary is removed only when its scope is this process's and no process has its
/// number: one made in another container sharing the folder, or on another machine (a shared
/// file system), or before a reboot, is left alone, since its maker cannot be asked after. A
/// number taken again by an unrelated process keeps a stale file a while longer, never the
/// reverse.
enum TemporaryOwner {
    /// `PID-SCOPE`: this process's number and scope.
    static let tag = "\(getpid())-\(scope)"

    /// The boot's id (its first 8 hex digits) and the PID namespace's inode: `3f2a9c1b.4026531836`.
    private static let scope: String = {
        let boot = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))
            .map { String($0.filter(\.isHexDigit).prefix(8)) } ?? "0"
        var namespace = stat()
        let space = stat("/proc/self/ns/pid", &namespace) == 0 ? String(namespace.st_ino) : "0"
        return "\(boot).\(space)"
    }()

    /// Removes the temporaries of the file `name` in `folder` whose maker is gone:
    /// `.NAME.PID-SCOPE-RANDOM.tmp` and what is named after it (a PDF's draft and its text
    /// layer's streams), of this scope, whose PID no process has.
    static func removeStale(of name: String, in folder: String) {
        let prefix = ".\(name)."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            let fields = entry.dropFirst(prefix.count).split(separator: "-", maxSplits: 2)
            guard fields.count == 3, fields[1] == scope, fields[2].prefix(16).allSatisfy(\.isHexDigit),
                  fields[2].dropFirst(16).hasPrefix(".tmp"),
                  let process = pid_t(fields[0]), process > 0, kill(process, 0) != 0, errno == ESRCH else { continue }
            TemporaryFiles.shared.remove((folder as NSString).appendingPathComponent(entry))
        }
    }
}
