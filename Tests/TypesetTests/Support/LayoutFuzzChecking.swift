import Foundation
import LayoutFuzzing
import TypesetKit

/// How the tests check the layout fuzzer's documents, in one place: the `LayoutCheck` with
/// the bundled fonts and the zombie pictures, and the open findings (Fixtures/layout-fuzz/).
enum LayoutFuzzChecking {
    static let fixtureFolder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/layout-fuzz")

    /// Every page drawn and checked by the page checker (`LayoutCheck`).
    static var check: LayoutCheck {
        LayoutCheck(fontsDirectory: TestSupport.fontsDirectory,
                    pictureFolder: TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies"))
    }

    /// The fixtures in the folder, by name.
    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtureFolder.path)) ?? []).filter { $0.hasSuffix(".txt") }
            .filter { $0 != "awaiting-fixes.txt" }.sorted()
    }

    /// The fixtures whose fix is on a branch not merged yet (`awaiting-fixes.txt`: a name a
    /// line, `#` and the branch after it).
    static var awaitingFixes: Set<String> {
        let manifest = (try? String(contentsOf: fixtureFolder.appendingPathComponent("awaiting-fixes.txt"), encoding: .utf8)) ?? ""
        return Set(manifest.components(separatedBy: "\n").compactMap { line in
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            return name.isEmpty ? nil : name
        })
    }

    static func fixture(_ name: String) throws -> FuzzDocument {
        let text = try String(contentsOf: fixtureFolder.appendingPathComponent(name), encoding: .utf8)
        guard let document = FuzzDocument(fixture: text) else { throw CocoaError(.fileReadCorruptFile) }
        return document
    }
}
