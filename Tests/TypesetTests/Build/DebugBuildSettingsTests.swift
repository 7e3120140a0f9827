import Foundation
import XCTest

/// Package.swift optimises the pipeline's hot modules in debug builds, so that the tests, which
/// run debug builds, spend less time in unspecialised generic code (docs/pipeline.md, "Speed:
/// build and allocator settings"). Two promises come with that flag, checked here on
/// the manifest's text (`swift package dump-package` would wait for the lock `swift test` holds):
/// `assert` still checks in those modules, and release builds, the fuzzing builds among them,
/// are compiled as before but for each function in a section of its own, for the one other
/// setting release builds have, the link of `typeset` (the same section): linker flags, on Linux.
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

    /// The condition of the release link's flags.
    private let releaseLinkCondition = ".when(platforms: [.linux], configuration: .release)"

    func testFlagsOfDebugBuildsAreNeverGivenToReleaseBuilds() throws {
        for setting in try unsafeFlagsOfTheManifest() where setting.condition != releaseLinkCondition {
            XCTAssertEqual(setting.condition, ".when(configuration: .debug)",
                           "\(setting.flags) would change the release and fuzzing builds")
        }
    }

    func testReleaseBuildsAreGivenLinkerFlagsAndFunctionSectionsOnly() throws {
        let release = try unsafeFlagsOfTheManifest().filter { $0.condition == releaseLinkCondition }
        let functionSections = ["-Xfrontend", "-function-sections"]
        XCTAssertEqual(release.filter { $0.flags == functionSections }.count, 1, "no function sections for the link to order")
        let link = release.filter { $0.flags != functionSections }
        XCTAssertEqual(link.count, 1, "the release link's setting is not where this test looks")
        for setting in link {
            // The linker chosen, then what `-Xlinker` hands it: nothing a compiler reads.
            XCTAssertEqual(setting.flags.first, "-use-ld=lld")
            let rest = Array(setting.flags.dropFirst())
            XCTAssertEqual(rest.count % 2, 0, "\(setting.flags)")
            for pair in stride(from: 0, to: rest.count, by: 2) {
                XCTAssertEqual(rest[pair], "-Xlinker", "\(rest[pair + 1]) is not the linker's")
            }
        }
    }

    func testTheReleaseLinkOrdersFunctionsFromTheFileBenchWrites() throws {
        let manifest = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let path = "Sources/TypesetCLI/function-order.txt"
        XCTAssertTrue(manifest.contains("--symbol-ordering-file=\\(packageDirectory)\(path)"))
        let names = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n")
        // Each function once, and the entry point among them: the file is a profile's, whole.
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertTrue(names.contains("TypesetCLI_main"))
        XCTAssertGreaterThan(names.count, 1000)
    }

    func testModulesOptimisedInDebugBuildsKeepTheirAssertions() throws {
        for setting in try unsafeFlagsOfTheManifest() where setting.flags.contains("-O") {
            let keepsAssertions = zip(setting.flags, setting.flags.dropFirst()).contains { $0 == ("-assert-config", "Debug") }
            XCTAssertTrue(keepsAssertions, "\(setting.flags): -O alone drops every assert of the module")
        }
    }
}
