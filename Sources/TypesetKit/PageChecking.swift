import Foundation

/// Whether the pages a run draws are checked (`PageChecker`): in debug builds always, so that
/// every page the tests and a developer's runs make is checked; in release builds not, where
/// the drawn pages are not even recorded. `TYPESET_CHECK_PAGES=1` turns the check on in a
/// release build (the layout fuzzer runs release builds), `=0` off in a debug build.
public enum PageChecking {
    public static let environmentVariable = "TYPESET_CHECK_PAGES"

    public static func isOn(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch environment[environmentVariable] {
        case "1": return true
        case "0": return false
        default:
            #if DEBUG
            return true
            #else
            return false
            #endif
        }
    }
}
