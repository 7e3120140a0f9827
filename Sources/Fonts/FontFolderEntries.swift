import Foundation

/// What a font folder holds besides regular files and folders. fontconfig scans a folder it is
/// given with a blocking `open` of every entry: a named pipe planted in `TYPESET_FONTS` or a
/// `--font-path` folder hung the run for good, a device would be read. So each folder is looked
/// through first (as fontconfig does, into its subfolders, symbolic links followed) and one
/// with such an entry is refused, naming it, before fontconfig sees it. A readdir a folder a
/// run: some 40 entries for the bundled fonts.
enum FontFolderEntries {
    /// The first entry of `folder` (or its subfolders) that is neither a regular file nor a
    /// folder, with what it is; nil when there is none, or the folder cannot be read (then
    /// fontconfig says so).
    static func firstUnreadable(in folder: String) -> (path: String, kind: String)? {
        var pending = [folder]
        var visited = Set<String>()
        while let current = pending.popLast() {
            // A link back up the tree is followed once.
            guard visited.insert(URL(fileURLWithPath: current).resolvingSymlinksInPath().path).inserted,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() {
                let path = (current as NSString).appendingPathComponent(name)
                var info = stat()
                // A dangling link is no file to open: fontconfig passes it by.
                guard stat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG: continue
                case S_IFDIR: pending.append(path)
                case S_IFIFO: return (path, "a named pipe")
                case S_IFCHR, S_IFBLK: return (path, "a device")
                case S_IFSOCK: return (path, "a socket")
                default: return (path, "not a regular file")
                }
            }
        }
        return nil
    }
}
