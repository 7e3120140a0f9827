import ArgumentParser
import Foundation

/// The output format: `--format` when given, else the one `-o`'s extension names, else PDF.
/// `-o out.png` alone writes PNG pages, as a user who typed the extension expects.
///
/// `--format` that contradicts the extension (`--format png -o out.pdf`) is a usage error
/// naming both: either reading would write something the user did not ask for — PNG pages
/// named `out-001.png` when they asked for `out.pdf`, or a PDF when they asked for PNG — and
/// a name whose extension lies about the bytes misleads every program that opens it later.
/// A name with neither extension (`-o out.jpg`, `-o out.svg`, `-o out`) is a usage error unless
/// `--format` says what to write: a PDF named `.jpg` or `.svg` is not what was asked for.
/// Standard output, a device or a pipe (`-o /dev/stdout`) has no extension to say anything,
/// and a folder is refused later with its own reason.
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
            if let output, output != OutputPlan.standardStream, !output.hasSuffix("/"), !OutputLocation.isFolder(output),
               !OutputLocation.isSpecialFile(output) {
                let extensionSays = (output as NSString).pathExtension.isEmpty ? "the name has no extension"
                    : "the extension names no format typeset writes"
                throw ValidationError("-o \(output): \(extensionSays); name the output .pdf or .png, "
                                      + "or give --format pdf or --format png")
            }
            return .pdf
        }
    }

    /// The format a file name's extension names, in any case (`OUT.PNG` too).
    static func named(by path: String) -> FormatArgument? {
        FormatArgument(rawValue: (path as NSString).pathExtension.lowercased())
    }
}
