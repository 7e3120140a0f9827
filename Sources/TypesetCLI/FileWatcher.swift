import Diagnostics
import Foundation
import Render

/// Waits for files to change, through Linux's inotify.
///
/// It watches the folders that hold the files, not the files: most editors save by writing a
/// new file and renaming it over the old one, which ends a watch on the old file's inode, while
/// the folder sees the rename. Events for other files of those folders (the output's own
/// temporary and rename when it is written beside the document) are ignored.
final class FileWatcher {
    private let descriptor: Int32
    /// Folder → its watch.
    private var watches: [String: Int32] = [:]
    /// Watch → its folder, to name the file of each event.
    private var folders: [Int32: String] = [:]
    private var files: Set<String> = []

    /// What counts as a change: a file written and closed, renamed into place, deleted, or
    /// touched (its times changed, as `touch` does, which make would also see).
    private static let changes = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_ATTRIB)

    init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw RenderError.cannotRead(path: "file changes", reason: "\(SystemError.current)") }
    }

    deinit {
        close(descriptor)
    }

    /// Watches exactly `paths` (absolute), replacing what was watched; their folders must exist.
    func watch(_ paths: [String]) throws {
        files = Set(paths)
        let wanted = Set(paths.map(PathFolder.of))
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
    /// (an editor's save can be several steps; the run should see the finished file), and
    /// returns the files that changed, sorted.
    func waitForChanges(settle milliseconds: Int32 = 150) -> [String] {
        var changed = Set<String>()
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
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                let path = (folder as NSString).appendingPathComponent(name)
                if files.contains(path) { changed.insert(path) }
            }
        }
        return changed
    }
}
