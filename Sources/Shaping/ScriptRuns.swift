import CICU
import Text

/// A stretch of text in one script, as HarfBuzz must be told it (ISO 15924, e.g. "Latn",
/// "Hani", "Arab"); nil for text of common characters only (digits, punctuation), whose
/// script HarfBuzz then guesses.
public struct ScriptRun: Equatable, Sendable {
    public var range: Range<Int>
    public var script: String?
}

/// Splits text into runs of one script (UAX #24). Common and inherited characters — spaces,
/// punctuation, digits, combining marks — join the run they are in, or the run that follows
/// when text starts with them; a closing bracket takes the script of its opening one, so that
/// "(日本)" is not split around its parentheses.
public enum ScriptItemizer {
    static let common: Int32 = 0, inherited: Int32 = 1, unknown: Int32 = 103

    /// Runs covering `units`, with offsets counted from `units.startIndex`.
    public static func runs(in units: TextUnitSlice) -> [ScriptRun] {
        // Latin-1 text is Latin or common throughout: one run, no lookups.
        if !units.contains(where: { $0 >= 0x0250 }) {
            return units.isEmpty ? [] : [ScriptRun(range: units.startIndex ..< units.endIndex, script: "Latn")]
        }
        var runs: [ScriptRun] = []
        var runStart = units.startIndex
        var current: Int32 = common
        var openBrackets: [(closing: UInt32, script: Int32)] = []
        var offset = units.startIndex
        while offset < units.endIndex {
            let (scalar, length) = UTF16Scalars.scalar(in: units, at: offset)
            var script = tk_script(scalar)
            var pairedClosing: UInt32 = 0
            let bracketType = tk_paired_bracket(scalar, &pairedClosing)
            if script == common || script == inherited || script == unknown {
                if bracketType == 2, let match = openBrackets.lastIndex(where: { $0.closing == scalar }) {
                    // A closing bracket ends the run its opening one was in.
                    script = openBrackets[match].script
                    openBrackets.removeSubrange(match...)
                } else {
                    script = current
                }
                if bracketType == 1 { openBrackets.append((pairedClosing, current)) }
                if script == current || current == common || script == common || shares(scalar, current) {
                    offset += length
                    continue
                }
            } else if current == common || script == current || shares(scalar, current) {
                // The first real script names the run, common characters before it included.
                if current == common {
                    current = script
                    for index in openBrackets.indices where openBrackets[index].script == common {
                        openBrackets[index].script = script
                    }
                }
                offset += length
                continue
            }
            runs.append(ScriptRun(range: runStart ..< offset, script: code(current)))
            runStart = offset
            current = script
            offset += length
        }
        runs.append(ScriptRun(range: runStart ..< units.endIndex, script: code(current)))
        return runs
    }

    /// Whether `scalar`'s Script_Extensions include `script` (Japanese "ー" in katakana, "、" in Han).
    private static func shares(_ scalar: UInt32, _ script: Int32) -> Bool {
        var extensions = [Int32](repeating: 0, count: 16)
        let count = Int(tk_script_extensions(scalar, &extensions, 16))
        return count > 1 && extensions[0 ..< min(count, 16)].contains(script)
    }

    private static func code(_ script: Int32) -> String? {
        script == common || script == inherited || script == unknown ? nil : String(cString: tk_script_code(script))
    }
}
