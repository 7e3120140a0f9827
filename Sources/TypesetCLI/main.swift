import ArgumentParser
import Foundation
import TypesetKit

// First: the threads share one allocator arena (see MallocArenas), which only a process
// that has started no thread yet can be told.
MallocArenas.useOne()
// Before any thread starts: the date is taken out of the environment (see SourceDateEpoch),
// which no other thread may be reading at the time.
_ = SourceDateEpoch.seconds
// Before any thread starts, for the same reason: it may point XDG_CACHE_HOME elsewhere.
FontconfigCacheFolder.makeWritable()
// Before any thread starts, so that every thread inherits the blocked signals.
InterruptCleanup.install()
OpenFileLimit.raiseToHardLimit()

// `-V`, as rustc and typst take it, beside ArgumentParser's `--version`.
if CommandLine.arguments.dropFirst() == ["-V"] {
    print(TypesetVersion.report)
    exit(0)
}

// Before the arguments are decoded, which would put U+FFFD for a byte that is not UTF-8.
if let problem = ArgumentBytes.problem() {
    let arguments = CommandLine.arguments
    StandardError.write((DiagnosticPrinter.jsonUsageError(problem, arguments: arguments) ?? "Error: \(problem)") + "\n")
    exit(2)
}

// Usage errors exit 2 (ArgumentParser's default is 64); document errors exit 1.
do {
    try StrayWord.checkHelpTopic(Array(CommandLine.arguments.dropFirst()))
    var command = try TypesetCommand.parseAsRoot()
    try command.run()
} catch {
    let code = TypesetCommand.exitCode(for: error)
    if code == .success {
        TypesetCommand.exit(withError: error)
    }
    if let exit = error as? ExitCode {
        Foundation.exit(exit.rawValue)
    }
    let arguments = CommandLine.arguments
    let explained = { (message: String) in DashedOptionValue.explained(message, arguments: arguments) ?? message }
    if code == .validationFailure,
       let line = DiagnosticPrinter.jsonUsageError(explained(TypesetCommand.message(for: error)), arguments: arguments) {
        StandardError.write(line + "\n")
        Foundation.exit(2)
    }
    if code == .validationFailure {
        StandardError.write(explained(TypesetCommand.fullMessage(for: error)) + "\n")
        Foundation.exit(2)
    }
    TypesetCommand.exit(withError: error)
}
