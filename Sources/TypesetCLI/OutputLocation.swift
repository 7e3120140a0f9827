import Diagnostics
import Foundation
import Render

/// Whether the places the command line names for output can be written, checked before
/// anything is typeset: a folder where a file should go, a folder that does not exist, a file
/// where a folder should be, a folder that cannot be written into. These are problems with the
/// options (exit status 2), said with the system's reason, as `strerror` words it.
///
/// What can only fail while writing (a full disk) is still found then, and is the document's
/// error (exit status 1).
enum OutputLocation {
    /// The absolute path, with `..` and symbolic links resolved, so that two spellings of one
    /// file compare equal.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Why a file cannot be written at `path`, or nil.
    static func problemWritingFile(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let missing = SystemError.current
            guard missing.code == ENOENT || missing.code == ENOTDIR else { return missing.description }
            // A name ending in a slash is a folder's, and a file cannot be made under it.
            if path.hasSuffix("/") { return "a folder's name (it ends with /)" }
            return problemWritingInto(folderOf: path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return SystemError(code: EISDIR).description
        case S_IFREG:
            // A file the user may not write is not replaced, as `cp` does not replace it,
            // though its folder would let a rename do it (a read-only output is kept so).
            guard access(path, W_OK) == 0 else { return "\(SystemError.current) (it is read-only: make it writable to replace it)" }
            // The finished file is renamed over the old one (or the one its link points to)
            // from a temporary beside it: that folder must take new files.
            return problemWritingInto(folderOf: resolvingLinks(path))
        default:
            // A device or a pipe is written into, not replaced.
            return nil
        }
    }

    /// Why `path` cannot be used as a folder to write into, made with its parents when it is
    /// missing, or nil.
    static func problemWritingFolder(at path: String) -> String? {
        // "f/" names the folder f: stat follows the slash into a file f with ENOTDIR, which the
        // loop below would pass over to f's own folder.
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var existing = trimmed.isEmpty ? "." : String(trimmed)
        var info = stat()
        // The nearest folder on the way that exists is where the missing ones would be made.
        while stat(existing, &info) != 0 {
            let missing = SystemError.current
            // ENOTDIR: a file on the way, which the loop reaches and names.
            guard missing.code == ENOENT || missing.code == ENOTDIR else { return missing.description }
            existing = folder(of: existing)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let notAFolder = SystemError(code: ENOTDIR).description
            return existing == path ? notAFolder : "\(existing): \(notAFolder)"
        }
        guard access(existing, W_OK | X_OK) == 0 else {
            let reason = SystemError.current.description
            return existing == path ? reason : "cannot make folders in \(existing): \(reason)"
        }
        return nil
    }

    /// Why no file can be made in the folder `path` lies in, naming that folder.
    private static func problemWritingInto(folderOf path: String) -> String? {
        let parent = folder(of: path)
        var info = stat()
        let reason: SystemError
        if stat(parent, &info) != 0 {
            reason = .current
        } else if info.st_mode & S_IFMT != S_IFDIR {
            reason = SystemError(code: ENOTDIR)
        } else if access(parent, W_OK | X_OK) != 0 {
            reason = .current
        } else {
            return nil
        }
        return "cannot write into the folder \(parent): \(reason)"
    }

    /// A device, pipe or socket (links followed): written into, never replaced.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The folder `path` lies in: `a/b/` → `a`, `a` → `.`, `/a` → `/`.
    private static func folder(of path: String) -> String {
        let folder = PathFolder.of(path)
        return folder.isEmpty ? "." : folder
    }

    private static func resolvingLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Makes the folder `path` and the missing folders on the way, as `mkdir -p` does;
    /// throws the system's reason when one cannot be made.
    static func makeFolder(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return }
            throw SystemError(code: ENOTDIR)
        }
        try makeFolder(folder(of: path))
        // Another process may make it first; then it is there, as wanted.
        if mkdir(path, 0o777) != 0, errno != EEXIST { throw SystemError.current }
    }
}
