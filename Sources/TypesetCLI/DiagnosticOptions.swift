import ArgumentParser
import Foundation

/// How diagnostics are printed: `--diagnostic-format` (as Typst's) and `--color`, which with
/// `auto` colours only a terminal, and not when `NO_COLOR` is set (no-color.org); `always`
/// colours even a pipe and wins over `NO_COLOR`, as a command-line option wins over the
/// environment.
struct DiagnosticOptions: ParsableArguments {
    enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
        case auto, always, never
    }

    @Option(help: "How errors and warnings are printed: human (with the source line and a caret), short (one line each) or json (one JSON object a line: file, line, column, severity, message).")
    var diagnosticFormat: DiagnosticPrinter.Format = .human

    @Option(help: "Colour in errors and warnings: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    var printer: DiagnosticPrinter {
        DiagnosticPrinter(format: diagnosticFormat,
                          colored: diagnosticFormat != .json && Self.colors(color, environment: ProcessInfo.processInfo.environment,
                                                                                standardErrorIsTerminal: isatty(STDERR_FILENO) == 1))
    }

    static func colors(_ choice: ColorChoice, environment: [String: String], standardErrorIsTerminal: Bool) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: return standardErrorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
