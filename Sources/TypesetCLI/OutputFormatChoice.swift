import ArgumentParser
import Foundation

/// The output format: `--format` when given, else the one `-o`'s extension names, else PDF.
/// `-o out.png` alone writes PNG pages, as a user who typed the extension expects.
///
/// `--format` that contradicts the extension (`--format png -o out.pdf`) is a usage error
/// naming both: either reading would write something the user did not ask for — PNG pages
/// named `out-001.png` when they asked for `out.pdf`, or a PDF when they asked for PNG — and
/// a name whose extension lies about the bytes misleads every program that opens it later.
/// An extension that is neither (`-o out.bin`, `-o /dev/stdout`) says nothing.
enum OutputFormatChoice {
    static func format(requested: FormatArgument?, output: String?) throws -> FormatArgument {
        let named = output.flatMap(named(by:))
        switch (requested, named) {
        case (let requested?, let named?) where requested != named:
            throw ValidationError("--format \(requested.rawValue) contradicts -o \(output ?? ""), a .\(named.rawValue) name; "
                                  + "drop --format, or name the output with .\(requested.rawValue)")
        case (let requested?, _):
            return requested
        case (nil, let named?):
            return named
        case (nil, nil):
            return .pdf
        }
    }

    /// The format a file name's extension names, in any case (`OUT.PNG` too).
    static func named(by path: String) -> FormatArgument? {
        FormatArgument(rawValue: (path as NSString).pathExtension.lowercased())
    }
}
