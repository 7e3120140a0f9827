import Foundation

/// The name the program answers to in its help and completion scripts: `typesetter` when it
/// was run by that name (the one every shell reaches: `typeset` is a builtin of bash, zsh and
/// ksh), else `typeset`. So `typesetter --help` shows commands that can be pasted into bash,
/// and `typesetter --generate-completion-script bash` completes `typesetter`.
enum CommandName {
    static let product = "typeset"
    static let unshadowed = "typesetter"

    static var invoked: String {
        let called = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }
        return called == unshadowed ? unshadowed : product
    }
}
