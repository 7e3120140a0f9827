import Foundation
import XCTest

/// Package.swift optimises the pipeline's hot modules in debug builds, so that the tests, which
/// run debug builds, spend less time in unspecialised generic code (docs/pipeline.md, "CI: the
/// hot modules optimised in debug builds"). Two promises come with that flag, checked here on
/// the manifest's text (`swift package dump-package` would wait for the lock `swift test` holds):
/// `assert` still checks in those modules, and release builds, the fuzzing builds among them,
/// are compiled as before.
final class DebugBuildSettingsTests: XCTestCase {
    /// Every `.unsafeFlags([…], …)` of the manifest: its flags and its condition, as written.
    private struct UnsafeFlags {
        var flags: [String]
        var condition: String
    }

    private func unsafeFlagsOfTheManifest() throws -> [UnsafeFlags] {
        let manifest = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.unsafeFlags\(\[([^\]]*)\]\s*(?:,\s*(\.when\([^)]*\)))?\s*\)"#)
        let text = manifest as NSString
        let matches = pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length))
        let written = manifest.components(separatedBy: ".unsafeFlags(").count - 1
        XCTAssertEqual(matches.count, written, "an unsafeFlags setting this test cannot read")
        return matches.map { match in
            let list = text.substring(with: match.range(at: 1))
            let flags = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }
            let condition = match.range(at: 2).location == NSNotFound ? "" : text.substring(with: match.range(at: 2))
            return UnsafeFlags(flags: flags, condition: condition)
        }
    }

    func testTheManifestOptimisesSomeModulesInDebugBuilds() throws {
        XCTAssertTrue(try unsafeFlagsOfTheManifest().contains { $0.flags.contains("-O") },
                      "no -O found: this test reads Package.swift's unsafeFlags and must be updated with it")
    }

    func testFlagsOfDebugBuildsAreNeverGivenToReleaseBuilds() throws {
        for setting in try unsafeFlagsOfTheManifest() {
            XCTAssertEqual(setting.condition, ".when(configuration: .debug)",
                           "\(setting.flags) would change the release and fuzzing builds")
        }
    }

    func testModulesOptimisedInDebugBuildsKeepTheirAssertions() throws {
        for setting in try unsafeFlagsOfTheManifest() where setting.flags.contains("-O") {
            let keepsAssertions = zip(setting.flags, setting.flags.dropFirst()).contains { $0 == ("-assert-config", "Debug") }
            XCTAssertTrue(keepsAssertions, "\(setting.flags): -O alone drops every assert of the module")
        }
    }
}
