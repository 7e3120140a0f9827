import ArgumentParser

/// What `typeset --help` shows besides the commands: the rendering options most runs use.
/// Their lines are taken from the render command's own help, so that the overview can never
/// say something else than `typeset help render` does.
enum OverviewHelp {
    /// The options shown, in this order.
    static let commonOptions = [
        "--output", "--out-dir", "--format", "--dpi", "--jobs", "--quiet",
        "--page-size", "--margin", "--columns", "--font", "--font-size", "--lang", "--strict",
    ]

    /// The width the lines are laid out for: ArgumentParser wraps the overview to the
    /// terminal's width (80 columns when it cannot tell) less one, and must find nothing to wrap.
    static let columns = 79

    /// The section, after a blank line, when the command line asks for the overview (`--help`,
    /// `-h`, `help`); else nothing. Every run reads the command's configuration, and rendering
    /// the render command's help for it cost a typeset run some 50 million instructions, more
    /// than the rest of its start-up (docs/pipeline.md, "Speed: start-up").
    static var sectionWhenShown: String {
        asksForHelp(CommandLine.arguments.dropFirst()) ? "\n\n" + commonOptionsSection : ""
    }

    /// Whether any argument asks for help. Asking for a command's help (`typeset render -h`)
    /// builds the section too, unseen: a cost only when help is printed.
    static func asksForHelp<Arguments: Sequence<String>>(_ arguments: Arguments) -> Bool {
        arguments.contains { ["-h", "--help", "help"].contains($0) }
    }

    static var commonOptionsSection: String {
        let entries = optionEntries(in: RenderCommand.helpMessage(columns: columns))
        let shown = commonOptions.compactMap { option in entries.first { optionNames(of: $0[0]).contains(option) } }
        return "COMMON OPTIONS (every option: typeset help render):\n" + shown.flatMap { $0 }.joined(separator: "\n")
    }

    /// The help's option entries, each its lines: a line that starts with an option name, and
    /// the more deeply indented lines that continue it.
    static func optionEntries(in help: String) -> [[String]] {
        var entries: [[String]] = []
        var continuing = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("  -") {
                entries.append([line])
                continuing = true
            } else if continuing, line.hasPrefix("   "), line.contains(where: { $0 != " " }) {
                entries[entries.count - 1].append(line)
            } else {
                // A blank line or a section title ends the entry before it.
                continuing = false
            }
        }
        return entries
    }

    /// `-o, --output <output>   Output …` → ["-o", "--output"]: the names before the description.
    static func optionNames(of line: String) -> Set<String> {
        let label = line.drop { $0 == " " }.components(separatedBy: "  ").first ?? ""
        return Set(label.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" }).map(String.init).filter { $0.hasPrefix("-") })
    }
}
