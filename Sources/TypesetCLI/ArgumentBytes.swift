import Diagnostics
import Foundation

/// The command line as the system hands it over: bytes. `CommandLine.arguments` decodes them
/// as UTF-8 with U+FFFD for each byte that is not, so `-o $'\xff.pdf'` wrote a file of another
/// name and `typeset $'\xff.txt'` looked for one. typeset's paths are Swift strings through
/// Foundation, ArgumentParser and every system call that opens, checks or renames a file, and
/// none carries a byte that is not UTF-8: a word that is not is a usage error, naming it with
/// those bytes escaped (`\xFF`), before anything is read or written.
enum ArgumentBytes {
    /// The message about the first argument that is not UTF-8, or nil when all are.
    static func problem(argc: Int32 = CommandLine.argc,
                        argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = CommandLine.unsafeArgv) -> String? {
        for index in 1 ..< Int(argc) {
            guard let argument = argv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            return "argument \(index), \"\(shown(bytes))\", is not UTF-8: \(CommandName.invoked) reads and writes files by "
                + "UTF-8 names (rename the file, e.g. convmv -f latin1 -t utf-8 --notest NAME)"
        }
        return nil
    }

    /// The bytes as text: UTF-8 characters as themselves, each other byte as `\xFF`, control
    /// characters escaped.
    static func shown(_ bytes: [UInt8]) -> String {
        var shown = ""
        var start = 0
        while start < bytes.count {
            let length = sequenceLength(startingWith: bytes[start])
            let end = min(start + max(length, 1), bytes.count)
            if let character = String(validating: bytes[start ..< end], as: UTF8.self) {
                shown += character
                start = end
            } else {
                shown += "\\x" + String(bytes[start], radix: 16, uppercase: true)
                start += 1
            }
        }
        return shown.controlCharactersEscaped
    }

    /// How many bytes a UTF-8 sequence starting with `lead` has (0: no sequence starts so).
    private static func sequenceLength(startingWith lead: UInt8) -> Int {
        switch lead {
        case 0x00 ..< 0x80: 1
        case 0xC2 ..< 0xE0: 2
        case 0xE0 ..< 0xF0: 3
        case 0xF0 ..< 0xF5: 4
        default: 0
        }
    }
}
