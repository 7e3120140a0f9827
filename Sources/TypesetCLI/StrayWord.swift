import ArgumentParser
import Foundation
import TypesetKit

/// A first word that is neither a command nor a file (`typeset compile x.txt`, `typeset query
/// x.txt`): a usage error before anything is written, not a document that cannot be read
/// beside the others that are typeset. Only a bare word is one: a missing `notes.txt` or
/// `dir/x` is still that document's error (exit 1), and a batch goes on without it.
enum StrayWord {
    static let commands = ["render", "compare", "watch", "fonts", "help"]

    static func check(_ inputs: [String]) throws {
        // lstat, not fileExists: a symbolic link that leads nowhere (or round in a loop) is
        // still a name the user gave as a file, and reading it says what is wrong with it.
        var info = stat()
        guard let first = inputs.first, first != OutputPlan.standardStream,
              !first.contains("."), !first.contains("/"), lstat(first, &info) != 0 else { return }
        throw ValidationError("\(first) is neither a command of \(CommandName.invoked) (\(commands.joined(separator: ", "))) nor a file")
    }

    /// `typeset help nosuch`: ArgumentParser shows the overview, exit 0, as if it were asked
    /// for; a topic that is no command is a mistake like a stray first word.
    static func checkHelpTopic(_ arguments: [String]) throws {
        guard arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-"),
              !commands.contains(arguments[1]) else { return }
        throw ValidationError("help \(arguments[1].clipped): \(CommandName.invoked) has no such command (\(commands.joined(separator: ", ")))")
    }
}
