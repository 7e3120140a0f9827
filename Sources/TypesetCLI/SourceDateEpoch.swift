import Foundation

/// `SOURCE_DATE_EPOCH`, the date a reproducible build asks the PDF to carry: read once, as
/// the program starts, and then taken out of the process's environment.
///
/// Taken out for fontconfig's sake. When the variable is set, fontconfig 2.14 writes its cache
/// of a font folder with the epoch (and no nanoseconds) where the folder's modification time
/// belongs, but checks a cache it reads against the folder's real time: the cache it writes is
/// never valid, and
/// every run scans the bundled fonts again (twenty files opened with FreeType and their
/// characters listed, 14 M instructions, a sixth of a one-line document). Without it,
/// fontconfig writes and checks the same time. No other library typeset links reads it, and
/// typeset's dates come from `seconds`.
enum SourceDateEpoch {
    /// The whole seconds the variable gave; nil when it was unset or not a whole number.
    static let seconds: Int? = takenFromEnvironment()

    /// The variable's value, the variable removed. Changing the environment is safe only
    /// while no other thread can read it: `main` reads `seconds` before starting any.
    private static func takenFromEnvironment() -> Int? {
        guard let value = getenv("SOURCE_DATE_EPOCH") else { return nil }
        let seconds = Int(String(cString: value))
        unsetenv("SOURCE_DATE_EPOCH")
        return seconds
    }
}
