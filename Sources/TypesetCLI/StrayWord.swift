import ArgumentParser
import Foundation

/// A first word that is neither a command nor a file (`typeset compile x.txt`, `typeset query
/// x.txt`): a usage error before anything is written, not a document that cannot be read
/// beside the others that are typeset. Only a bare word is one: a missing `notes.txt` or
/// `dir/x` is still that document's error (exit 1), and a batch goes on without it.
enum StrayWord {
    static let commands = ["render", "compare", "watch", "fonts", "help"]

    static func check(_ inputs: [String]) throws {
        guard let first = inputs.first, first != OutputPlan.standardStream,
              !first.contains("."), !first.contains("/"), !FileManager.default.fileExists(atPath: first) else { return }
        throw ValidationError("\(first) is neither a command of \(CommandName.invoked) (\(commands.joined(separator: ", "))) nor a file")
    }
}
