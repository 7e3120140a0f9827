import Breaking
import Foundation

/// Runs `body` with `Hyphenator.dictionaryDirectory` on a new empty folder (`body`'s first
/// argument), where a test writes the dictionaries it makes; the installed folder is the
/// second. The folder is removed and the setting restored afterwards.
func withTemporaryDictionaryDirectory(_ body: (URL, String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hyphenation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let installed = Hyphenator.dictionaryDirectory
    Hyphenator.dictionaryDirectory = directory.path
    defer { Hyphenator.dictionaryDirectory = installed }
    try body(directory, installed)
}
