import Foundation
import XCTest

/// No argument list makes `typeset` die of a signal: random lists of its real options (taken
/// from `typeset help render`), values and paths of 0 to 3 characters, some of them files
/// that exist, each run ending in exit 0, 1 or 2, and with a message unless it succeeded.
final class ArgumentListFuzzTests: XCTestCase {
    /// The argument lists that crashed it (SIGILL, exit 132) before a one-character path did not.
    func testTheListsThatCrashedEndWithAStatusAndAMessage() throws {
        let directory = try workspace()
        for arguments in [["a"], ["1"], ["x.txt", "--pages", "1"], ["x.txt", "-p", "1"], ["x.txt", "-j", "2"], ["x.txt", "--foo", "1"]] {
            try assertEndsWell(arguments, in: directory)
        }
    }

    func testRandomArgumentListsEndWithAStatusAndAMessage() throws {
        let directory = try workspace()
        let options = try renderOptions(in: directory)
        XCTAssertGreaterThan(options.count, 30, "the options were read from the help: \(options)")
        var generator = SplitMix(seed: 34)
        for _ in 0 ..< 150 {
            try assertEndsWell(randomArguments(options: options, using: &generator), in: directory)
        }
    }

    /// Files of one to three characters that exist, a document among them.
    private func workspace() throws -> URL {
        let directory = try makeTemporaryDirectory()
        for name in ["a", "1", "x.txt", "ab", "a.b"] {
            try write("Hello.\n", to: directory.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("d"), withIntermediateDirectories: false)
        return directory
    }

    private func assertEndsWell(_ arguments: [String], in directory: URL) throws {
        let result = try TypesetProcess.run(arguments, in: directory, timeout: 120)
        let shown = arguments.map { "'\($0)'" }.joined(separator: " ")
        XCTAssertFalse(result.timedOut, "typeset \(shown) did not end")
        XCTAssertFalse(result.signalled, "typeset \(shown) was ended by signal \(result.status): \(result.stderr)")
        XCTAssertTrue([0, 1, 2].contains(result.status), "typeset \(shown) ended with \(result.status): \(result.stderr)")
        if result.status != 0 {
            XCTAssertFalse(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "typeset \(shown) failed silently")
        }
    }

    /// Every long and short option name in the render command's help.
    private func renderOptions(in directory: URL) throws -> [String] {
        let help = try TypesetProcess.run(["help", "render"], in: directory)
        let text = String(decoding: help.stdout, as: UTF8.self) + help.stderr
        let pattern = try NSRegularExpression(pattern: "(?<![\\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\\w-])")
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Array(Set(matches.compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })).sorted()
    }

    private func randomArguments(options: [String], using generator: inout SplitMix) -> [String] {
        let alphabet = Array("a1x.-/=:,")
        func shortWord() -> String {
            String((0 ..< Int.random(in: 0 ... 3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        var arguments: [String] = []
        for _ in 0 ..< Int.random(in: 0 ... 5, using: &generator) {
            switch Int.random(in: 0 ..< 4, using: &generator) {
            case 0: arguments.append(options.randomElement(using: &generator)!)
            case 1: arguments += [options.randomElement(using: &generator)!, shortWord()]
            case 2: arguments.append(["a", "1", "x.txt", "ab", "a.b", "d", "-"].randomElement(using: &generator)!)
            default: arguments.append(shortWord())
            }
        }
        return arguments
    }
}
