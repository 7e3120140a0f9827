import Breaking
import Fonts
import Foundation

/// fontconfig keeps its cache of the bundled fonts' folder in the user's cache folder
/// (`$XDG_CACHE_HOME/fontconfig`, else `~/.cache/fontconfig`; `fonts/fonts.conf` names no
/// other), and when that cannot be written — HOME unwritable or missing, as in containers and
/// CI jobs — it prints "Fontconfig error: No writable cache directories" on every run, about
/// nothing the document did. Then the cache goes to a private folder made for the run in the
/// temporary folder, and removed at exit or when a signal ends the run (InterruptCleanup): a folder of a fixed name there could be made first
/// by another user, with cache files of their choosing in it. The cost is fontconfig scanning
/// the bundled fonts once a run (docs/pipeline.md, "Command line: the name as users type it").
enum FontconfigCacheFolder {
    /// Points `XDG_CACHE_HOME` at a private temporary folder when the user's cache folder cannot
    /// be written. Call before any thread starts: it changes the environment.
    static func makeWritable() {
        let environment = ProcessInfo.processInfo.environment
        guard !isWritable(userCacheFolder(environment)) else { return }
        let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("typeset-fontconfig-XXXXXX")
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { return }
        let folder = String(cString: made)
        setenv("XDG_CACHE_HOME", folder, 1)
        // typeset's own tables would follow XDG_CACHE_HOME into the folder, only to be removed
        // with it at exit, and a table being written when a signal ends the run made the folder
        // again after its removal (left behind): keep none this run.
        HyphenationTableCache.keepNoTables()
        temporaryFolder = folder
        atexit { FontconfigCacheFolder.removeTemporaryFolder() }
    }

    /// The folder made for this run, if one was.
    private(set) static var temporaryFolder: String?

    /// Where fontconfig writes, by the XDG base directory rules it follows.
    static func userCacheFolder(_ environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/fontconfig" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/fontconfig"
    }

    /// Whether the folder is there and writable, or can be made (fontconfig makes it).
    private static func isWritable(_ folder: String?) -> Bool {
        guard let folder else { return false }
        if access(folder, W_OK) == 0 { return true }
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return false }
        return access(folder, W_OK) == 0
    }

    /// Removes the folder made for this run. When a signal ends the run, another thread may be
    /// building a fontconfig configuration, which writes its cache into the folder (and makes
    /// the folder again if it is gone): seen under load, where
    /// `OutputTargetTests.testAnInterruptedRunLeavesNoTemporaryFiles` found the folder left
    /// behind. So no configuration is built from here on (`FontconfigCacheWrites`), the process
    /// ending anyway.
    static func removeTemporaryFolder() {
        guard let temporaryFolder else { return }
        FontconfigCacheWrites.stopForGood()
        try? FileManager.default.removeItem(atPath: temporaryFolder)
    }
}
