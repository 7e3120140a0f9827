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
// Pages are drawn into a PDF with TYPESET_CHECK_PAGES=1, so that the page checker checks
// every page: its `page check:` errors are findings, as every other error is. The documents
// are set in a child process (this program again, with --child): a document that crashes the
// pipeline ends the child, is written unshrunk with the crash's report, and the run goes on
// from the next seed.

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
let isChild = arguments.first == "--child"
if isChild { arguments.removeFirst() }
let numbers = arguments.compactMap { UInt64($0) }
guard numbers.count == arguments.count, numbers.count <= 2 else {
    FileHandle.standardError.write(Data("usage: FuzzLayout [FIRST-SEED [LAST-SEED]] [--out FOLDER] (FUZZ_LAYOUT_SECONDS: a time budget)\n".utf8))
    exit(2)
}
let seconds = ProcessInfo.processInfo.environment["FUZZ_LAYOUT_SECONDS"].flatMap(Double.init)
let first = numbers.first ?? 0
let last = numbers.count == 2 ? numbers[1] : (seconds == nil ? first + 999 : UInt64.max)
let deadline = Date().addingTimeInterval(seconds ?? .infinity)
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)

/// Writes a failure's document as a fixture file in the output folder.
func write(_ document: FuzzDocument, seed: UInt64, finding: LayoutFinding) throws -> String {
    let path = "\(output)/seed-\(seed).txt"
    try document.fixtureText(seed: seed, finding: finding).write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

if isChild {
    // The child: each seed's document checked, its failure shrunk and written.
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let check = LayoutCheck(fontsDirectory: root.appendingPathComponent("fonts").path,
                            pictureFolder: root.appendingPathComponent("Fixtures/zombies"))
    let fuzzer = LayoutFuzzer(check: check)
    var seed = first
    while seed <= last && Date() < deadline {
        // The seed first: a crash still says which document it was.
        print("seed \(seed)", terminator: "")
        fflush(stdout)
        if let failure = fuzzer.run(seed: seed) {
            let path = try write(failure.shrunk, seed: seed, finding: failure.finding)
            print(": \(failure.finding.kind) (\(failure.shrunk.lines.count) lines: \(path))")
        } else {
            print(": ok")
        }
        if seed == UInt64.max { break }
        seed += 1
    }
    exit(0)
}

// The parent: children over the seeds, one after each crash.
var (documents, failures) = (0, 0)
var next = first
while next <= last && Date() < deadline {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--child", "\(next)", "\(last)", "--out", output]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    var lastSeed: UInt64?
    var pending = ""
    // Read as the child prints, so that a long run shows its progress.
    while case let data = out.fileHandleForReading.availableData, !data.isEmpty {
        let text = String(decoding: data, as: UTF8.self)
        FileHandle.standardOutput.write(data)
        pending += text
        for line in pending.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            guard line.hasPrefix("seed ") else { continue }
            documents += 1
            if !line.hasSuffix(": ok") { failures += 1 }
        }
        pending = String(pending.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
        if pending.hasPrefix("seed "), let number = UInt64(pending.dropFirst(5).prefix { $0.isNumber }) { lastSeed = number }
    }
    let standardError = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationReason == .uncaughtSignal, let crashed = lastSeed else { break }
    let crash = LayoutFinding(crashReport: standardError)
        ?? LayoutFinding(kind: "crash", message: "crash: the child ended on signal \(process.terminationStatus)")
    let path = try write(DocumentGenerator.document(seed: crashed), seed: crashed, finding: crash)
    print(": \(crash.kind) (not shrunk: \(path))")
    fflush(stdout)
    (documents, failures) = (documents + 1, failures + 1)
    next = crashed + 1
}
print("\(documents) documents, \(failures) failing; findings in \(output)")
exit(failures == 0 ? 0 : 1)
