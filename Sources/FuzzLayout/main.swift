import Foundation
import LayoutFuzzing

// The layout fuzzer's long run (`make fuzz-layout`): documents made at random from the
// markup's grammar, set in-process and checked (LayoutCheck), each failing one shrunk and
// written to a folder as a fixture. Run from the repository's folder, whose fonts and
// zombie pictures it uses.
//
//   FuzzLayout [FIRST-SEED [LAST-SEED]] [--out FOLDER]
//   FUZZ_LAYOUT_SECONDS=600 FuzzLayout     seeds from FIRST-SEED on until the time is up
//   FuzzLayout --print SEED                 the document of SEED, as a fixture, on standard output
//
// A crash stops the run: the seed it printed last is the document (--print it, and go on
// from the next seed).
// Pages are drawn into a PDF with TYPESET_CHECK_PAGES=1, so that the page checker checks
// every page: its `page check:` errors are findings, as every other error is.

setenv("TYPESET_CHECK_PAGES", "1", 1)
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--print", let seed = UInt64(arguments[1]) {
    let document = DocumentGenerator.document(seed: seed)
    print(document.fixtureText(seed: seed, finding: LayoutFinding(kind: "none yet", message: "generated, not checked")), terminator: "")
    exit(0)
}
var output = ".build/layout-fuzz-findings"
if let flag = arguments.firstIndex(of: "--out"), flag + 1 < arguments.count {
    output = arguments[flag + 1]
    arguments.removeSubrange(flag ... flag + 1)
}
let numbers = arguments.compactMap { UInt64($0) }
guard numbers.count == arguments.count, numbers.count <= 2 else {
    FileHandle.standardError.write(Data("usage: FuzzLayout [FIRST-SEED [LAST-SEED]] [--out FOLDER] (FUZZ_LAYOUT_SECONDS: a time budget)\n".utf8))
    exit(2)
}
let seconds = ProcessInfo.processInfo.environment["FUZZ_LAYOUT_SECONDS"].flatMap(Double.init)
let first = numbers.first ?? 0
let last = numbers.count == 2 ? numbers[1] : (seconds == nil ? first + 999 : UInt64.max)
let deadline = Date().addingTimeInterval(seconds ?? .infinity)

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let check = LayoutCheck(fontsDirectory: root.appendingPathComponent("fonts").path,
                        pictureFolder: root.appendingPathComponent("Fixtures/zombies"), drawsPages: true)
let fuzzer = LayoutFuzzer(check: check)
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

var (documents, failures) = (0, 0)
var seed = first
while seed <= last && Date() < deadline {
    // The seed first: a crash still says which document it was.
    print("seed \(seed)", terminator: "")
    fflush(stdout)
    if let failure = fuzzer.run(seed: seed) {
        failures += 1
        let path = "\(output)/seed-\(seed).txt"
        try failure.shrunk.fixtureText(seed: seed, finding: failure.finding).write(toFile: path, atomically: true, encoding: .utf8)
        print(": \(failure.finding.kind) (\(failure.shrunk.lines.count) lines: \(path))")
    } else {
        print(": ok")
    }
    documents += 1
    if seed == UInt64.max { break }
    seed += 1
}
print("\(documents) documents, \(failures) failing; findings in \(output)")
exit(failures == 0 ? 0 : 1)
