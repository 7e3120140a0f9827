/// The folder part of a path, for output names, output checks and watches.
///
/// Not `NSString.deletingLastPathComponent`: the Foundation of Swift 6.3 on Linux traps
/// (SIGILL) when the last component is one character with nothing before it (`a`, `1`, `.`,
/// `a/`), which made `typeset a` crash before any message, and `-o m.png` and a document `d`
/// importing a style sheet crash after the work. Every folder of a path is found here.
public enum PathFolder {
    /// `dir/sub/x.txt` → `dir/sub`; `x.txt` and `a` → ``; `/x` → `/`; `a/` → ``.
    public static func of(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
