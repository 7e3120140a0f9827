import Diagnostics
import Foundation

/// How a name the markup writes (`<img src>`, `<include src>`, `<import src>`) finds its file.
///
/// - A name written in one Unicode normalisation finds a file saved in another: a name typed
///   `möwe.png` (NFC, as keyboards and editors write it) finds a file saved `möwe.png` in NFD (as
///   macOS's file systems stored names, and copies of them keep). The two are the same text to a
///   reader, so this is no mistake to warn of; a file whose bytes match wins over an equivalent one.
/// - A trailing `/` names a folder, as POSIX reads it: `r/` is "Not a directory" when `r` is a
///   file, not the file `r` (Foundation's path standardisation drops the slash).
enum NamedFileLookUp {
    /// `path` when it exists, else the one file of its folder whose name is canonically
    /// equivalent to its last component (its folders found the same way); nil when none is.
    static func existingPath(_ path: String) -> String? {
        if FileManager.default.fileExists(atPath: path) { return path }
        var info = stat()
        guard stat(path, &info) != 0, errno == ENOENT, !path.hasSuffix("/") else { return nil }
        let name = (path as NSString).lastPathComponent
        let written = PathFolder.of(path)
        guard !written.isEmpty, written != path, let folder = existingPath(written),
              let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        // Swift compares strings by canonical equivalence; the bytes differ, or `fileExists` had found it.
        let equivalent = entries.filter { $0 == name }
        guard equivalent.count == 1 else { return nil }
        return (folder as NSString).appendingPathComponent(equivalent[0])
    }

    /// The system's reason a name that is not there cannot be looked up, when it is not simply
    /// missing: a trailing `/` after a file ("Not a directory"), a loop of symbolic links.
    static func problem(_ path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) != 0, errno != ENOENT else { return nil }
        return errno
    }

    /// The file that stands where `path` needs a folder ("Not a directory"): the longest part
    /// of it that is there.
    static func fileOnTheWay(to path: String) -> String {
        var part = path
        while part.count > 1, part.hasSuffix("/") { part.removeLast() }
        var info = stat()
        while part.count > 1, stat(part, &info) != 0 { part = PathFolder.of(part) }
        return part
    }

    /// `source` resolved against `folder`, standardised (`.` and `..` taken out), keeping a
    /// trailing `/`, which standardising drops.
    static func path(for source: String, in folder: String) -> String {
        let url = source.hasPrefix("/") ? URL(fileURLWithPath: source) : URL(fileURLWithPath: folder).appendingPathComponent(source)
        let path = url.standardizedFileURL.path
        return source.hasSuffix("/") && !path.hasSuffix("/") ? path + "/" : path
    }
}
