import Foundation
import XCTest

/// `typeset fonts` and the fonts a run can find (issue 34, item 6): the families --font can name,
/// the bundled ones first; `--font-path` and `TYPESET_FONT_PATHS`; the nearest families named
/// when one is not found.
final class FontsCommandTests: XCTestCase {
    func testListsTheBundledFamiliesThenTheSystemsOthers() throws {
        let result = try TypesetProcess.run(["fonts"], in: try makeTemporaryDirectory())
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = String(decoding: result.stdout, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let system = try XCTUnwrap(lines.firstIndex(of: "System:"), text)
        XCTAssertTrue(lines[0].hasPrefix("Bundled ("), text)
        XCTAssertTrue(lines[1 ..< system].contains("  \(TestSupport.bodyFamily)"), text)
        // A bundled family is not listed again among the system's.
        XCTAssertFalse(lines[system...].contains("  \(TestSupport.bodyFamily)"), text)
    }

    func testTypesetFontsNamingNoFolderIsAUsageError() throws {
        let result = try TypesetProcess.run(["fonts"], in: try makeTemporaryDirectory(), environment: ["TYPESET_FONTS": "/nonexistent"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("TYPESET_FONTS=/nonexistent: no such folder"), result.stderr)
    }

    // MARK: - --font-path and TYPESET_FONT_PATHS

    /// A fonts folder without TeX Gyre Chorus (no system font either), and a folder holding it.
    private func foldersWithChorusApart() throws -> (directory: URL, bundled: String, extra: String) {
        let directory = try makeTemporaryDirectory()
        let bundled = directory.appendingPathComponent("bundled"), extra = directory.appendingPathComponent("extra")
        try FileManager.default.copyItem(atPath: TestSupport.fontsDirectory, toPath: bundled.path)
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        let chorus = "texgyrechorus-mediumitalic.otf"
        try FileManager.default.moveItem(at: bundled.appendingPathComponent(chorus), to: extra.appendingPathComponent(chorus))
        try Data("Words.\n".utf8).write(to: directory.appendingPathComponent("a.txt"))
        return (directory, bundled.path, extra.path)
    }

    func testFontPathAndItsVariableAddAFolderOfFonts() throws {
        let folders = try foldersWithChorusApart()
        // The system's fonts hidden (an empty fontconfig configuration): a machine with TeX Live's
        // fonts, which `make bench` installs, has TeX Gyre Chorus of its own.
        let noSystemFonts = folders.directory.appendingPathComponent("no-system-fonts.conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: noSystemFonts)
        let environment = ["TYPESET_FONTS": folders.bundled, "FONTCONFIG_FILE": noSystemFonts.path]
        let arguments = ["a.txt", "--strict", "--font", "TeX Gyre Chorus"]
        let without = try TypesetProcess.run(arguments, in: folders.directory, environment: environment)
        XCTAssertEqual(without.status, 1, without.stderr)
        XCTAssertTrue(without.stderr.contains("font \"TeX Gyre Chorus\" not found"), without.stderr)
        let withOption = try TypesetProcess.run(arguments + ["--font-path", folders.extra], in: folders.directory, environment: environment)
        XCTAssertEqual(withOption.status, 0, withOption.stderr)
        let withVariable = try TypesetProcess.run(arguments, in: folders.directory,
                                                  environment: environment.merging(["TYPESET_FONT_PATHS": ":\(folders.extra):"]) { $1 })
        XCTAssertEqual(withVariable.status, 0, withVariable.stderr)
    }

    func testTheFontsCommandListsTheFontPathsFamiliesApart() throws {
        let folders = try foldersWithChorusApart()
        let result = try TypesetProcess.run(["fonts", "--font-path", folders.extra], in: folders.directory,
                                            environment: ["TYPESET_FONTS": folders.bundled])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        let extra = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("From --font-path") }, "\(lines)")
        let system = try XCTUnwrap(lines.firstIndex(of: "System:"), "\(lines)")
        XCTAssertFalse(lines[..<extra].contains("  TeX Gyre Chorus"), "\(lines)")
        XCTAssertEqual(Array(lines[extra + 1 ..< system]), ["  TeX Gyre Chorus"])
    }

    func testAFontPathThatIsNoFolderIsAUsageErrorNamingWhereItWasGiven() throws {
        let directory = try makeTemporaryDirectory()
        try Data("Words.\n".utf8).write(to: directory.appendingPathComponent("a.txt"))
        let option = try TypesetProcess.run(["a.txt", "--font-path", "/nonexistent"], in: directory)
        XCTAssertEqual(option.status, 2, option.stderr)
        XCTAssertTrue(option.stderr.contains("--font-path /nonexistent: no such folder"), option.stderr)
        let variable = try TypesetProcess.run(["a.txt"], in: directory, environment: ["TYPESET_FONT_PATHS": "/nonexistent"])
        XCTAssertEqual(variable.status, 2, variable.stderr)
        XCTAssertTrue(variable.stderr.contains("TYPESET_FONT_PATHS: /nonexistent: no such folder"), variable.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.pdf").path))
    }

    // MARK: - A family not found

    func testAFamilyNotFoundNamesTheNearestThatExist() throws {
        let directory = try makeTemporaryDirectory()
        try Data("Words.\n".utf8).write(to: directory.appendingPathComponent("a.txt"))
        let near = try TypesetProcess.run(["a.txt", "--font", "Liberation"], in: directory)
        XCTAssertEqual(near.status, 0, near.stderr)
        XCTAssertTrue(near.stderr.contains("font \"Liberation\" not found; using \"TeX Gyre Pagella\" instead (nearest: \"Liberation Sans\", \"Liberation Serif\""),
                      near.stderr)
        let far = try TypesetProcess.run(["a.txt", "--font", "Helvetica Neue"], in: directory)
        XCTAssertEqual(far.status, 0, far.stderr)
        XCTAssertTrue(far.stderr.contains("font \"Helvetica Neue\" not found; using \"TeX Gyre Pagella\" instead"), far.stderr)
        XCTAssertTrue(far.stderr.contains("fonts` lists"), far.stderr)
    }
}
