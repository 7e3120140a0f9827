import Diagnostics
import Foundation
import Render

/// Waits for files to change, through Linux's inotify.
///
/// It watches the folders that hold the files, not the files: most editors save by writing a
/// new file and renaming it over the old one, which ends a watch on the old file's inode, while
/// the folder sees the rename. Events for other files of those folders (the output's own
/// temporary and rename when it is written beside the document) are ignored.
///
/// A folder removed takes its watch with it (inotify's `IN_IGNORED`): its files count as
/// changed, and while it is missing the nearest folder above it that exists is watched
/// instead, for the folder made again (`IN_CREATE` of a folder on the way): then its files
/// have changed, and the next `watch` watches the folder itself again.
final class FileWatcher {
    private let descriptor: Int32
    /// Folder → its watch.
    private var watches: [String: Int32] = [:]
    /// Watch → its folder, to name the file of each event.
    private var folders: [Int32: String] = [:]
    private var files: Set<String> = []
    /// The files' folders missing at the last `watch`, watched through a folder above them.
    private var missingFolders: Set<String> = []
    /// Files of a folder that was missing and is back: they may have been written before its
    /// watch began, so they count as changed.
    private var pending: Set<String> = []

    /// What counts as a change: a file written and closed, renamed into place or away (as `mv`
    /// does: as good as deleted), deleted, or touched (its times changed, as `touch` does, which
    /// make would also see). A folder made counts too, when a watched file's folder is on its way.
    private static let changes = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_CREATE)

    init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw RenderError.cannotRead(path: "file changes", reason: "\(SystemError.current)") }
    }

    deinit {
        close(descriptor)
    }

    /// Watches exactly `paths` (absolute), replacing what was watched: each file's folder, or
    /// while it is missing the nearest folder above it that exists.
    func watch(_ paths: [String]) throws {
        files = Set(paths)
        let fileFolders = Set(paths.map(PathFolder.of))
        let wanted = Set(fileFolders.map(Self.nearestExistingFolder))
        for folder in missingFolders where wanted.contains(folder) { pending.formUnion(files(changedAt: folder)) }
        missingFolders = fileFolders.subtracting(wanted)
        for (folder, watch) in watches where !wanted.contains(folder) {
            inotify_rm_watch(descriptor, watch)
            watches[folder] = nil
            folders[watch] = nil
        }
        for folder in wanted where watches[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, Self.changes | UInt32(IN_ONLYDIR))
            guard watch >= 0 else { throw RenderError.cannotRead(path: folder, reason: "cannot watch it: \(SystemError.current)") }
            watches[folder] = watch
            folders[watch] = folder
        }
    }

    /// Blocks until a watched file changes, then until no change has come for `settle`
    /// (an editor's save can be several steps, one program's calls microseconds apart; the run
    /// should see the finished file), and returns the files that changed, sorted. The wait
    /// delays every edit's pages: at 150 ms it was more than the 0.1 s issue 39 gives them.
    func waitForChanges(settle milliseconds: Int32 = 20) -> [String] {
        var changed = pending
        pending = []
        while changed.isEmpty { changed.formUnion(readEvents()) }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, milliseconds)
            if ready == 0 { break }
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            changed.formUnion(readEvents())
        }
        return changed.sorted()
    }

    /// `folder`, or the nearest folder above it that exists.
    private static func nearestExistingFolder(_ folder: String) -> String {
        var candidate = folder
        var isFolder: ObjCBool = false
        while candidate.count > 1, !(FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && isFolder.boolValue) {
            candidate = PathFolder.of(candidate)
        }
        return candidate.isEmpty ? "/" : candidate
    }

    /// The watched files an event at `path` changes: the file there, or every file under it
    /// when it is a folder (made again, or removed with its watch).
    private func files(changedAt path: String) -> [String] {
        files.filter { $0 == path || $0.hasPrefix(path.hasSuffix("/") ? path : path + "/") }
    }

    /// One read's worth of events (it blocks until there is one), as the watched files they name.
    private func readEvents() -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var changed = Set<String>()
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { bytes in
            while offset + headerSize <= count {
                let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameBytes = bytes[(offset + headerSize) ..< (offset + headerSize + Int(event.len))]
                offset += headerSize + Int(event.len)
                // The queue overflowed: events were lost, so any file may have changed.
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changed.formUnion(files)
                    continue
                }
                guard let folder = folders[event.wd] else { continue }
                // The folder is gone (removed, or its file system unmounted), and its watch too.
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    watches[folder] = nil
                    folders[event.wd] = nil
                    changed.formUnion(files(changedAt: folder))
                    continue
                }
                // A file made is not yet written (its writing closes it); a folder made may be
                // one a watched file is in.
                if event.mask & UInt32(IN_CREATE) != 0, event.mask & UInt32(IN_ISDIR) == 0 { continue }
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                changed.formUnion(files(changedAt: (folder as NSString).appendingPathComponent(name)))
            }
        }
        return changed
    }
}
