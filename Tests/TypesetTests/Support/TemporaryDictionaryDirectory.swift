@testable import Breaking
import Foundation

/// Runs `body` with `Hyphenator.dictionaryDirectory` on a new empty folder (`body`'s first
/// argument), where a test writes the dictionaries it makes; the installed folder is the
/// second. The tables built from those dictionaries are kept in the folder too, not among the
/// user's. The folder is removed and the settings restored afterwards.
func withTemporaryDictionaryDirectory(_ body: (URL, String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hyphenation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let installed = Hyphenator.dictionaryDirectory
    Hyphenator.dictionaryDirectory = directory.path
    defer { Hyphenator.dictionaryDirectory = installed }
    let tables = HyphenationTableCache.directory
    HyphenationTableCache.directory = directory.appendingPathComponent("tables").path
    defer { HyphenationTableCache.directory = tables }
    try body(directory, installed)
}
