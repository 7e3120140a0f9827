import TypesetKit

/// `--title -x`, `--shard -1/2`: ArgumentParser reads a word that starts with `-` as an option,
/// so the option before it "is missing its value". Taking such a word as the value instead
/// would let a forgotten value swallow the next option silently (`--title --strict`); the
/// message says how to write it, `--title=-x`, which ArgumentParser takes as the value.
enum DashedOptionValue {
    /// ArgumentParser's message with the way to write the value added, when an option it
    /// calls valueless is followed by a word that starts with `-`; nil otherwise.
    static func explained(_ message: String, arguments: [String]) -> String? {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let option = missingValueOption(in: first),
              let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        let word = arguments[index + 1]
        guard word.count > 1, word.hasPrefix("-") else { return nil }
        let explanation = "; \"\(word.clipped)\" reads as an option: a value that starts with - is written \(option)=\(word.clipped)"
        return ([first + explanation] + lines.dropFirst()).joined(separator: "\n")
    }

    /// `--title` of `…Missing value for '--title <title>'`.
    private static func missingValueOption(in line: Substring) -> String? {
        guard let start = line.range(of: "Missing value for '")?.upperBound,
              let end = line[start...].firstIndex(where: { $0 == " " || $0 == "'" }) else { return nil }
        return String(line[start ..< end])
    }
}
