/// fontconfig writes its cache files only while a configuration is built
/// (`FontconfigConfiguration.building`). A run that a signal ends removes its private cache
/// folder (TypesetCLI's `FontconfigCacheFolder`) while other threads may still be at work: a
/// configuration built after the removal would make the folder again, with a cache in it,
/// and leave it behind.
public enum FontconfigCacheWrites {
    /// Waits for a configuration being built to be done and keeps any other from being built,
    /// for the rest of the process: after it returns, fontconfig writes no cache file. For a
    /// run that is ending, before its cache folder is removed.
    public static func stopForGood() {
        FontconfigConfiguration.building.lock()
    }
}
