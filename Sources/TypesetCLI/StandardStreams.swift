import Foundation
import Images
import Markup
import Render

/// Standard input read as a document, and a finished PDF copied to standard output.
enum StandardStreams {
    /// Whether standard output is a terminal: a PDF's bytes there are garbage on the screen and
    /// can leave the terminal in a strange state, so `-o -` is refused (as `gzip` does).
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// `path`, or `-` when it is a name of standard output itself (`/dev/stdout`, `/dev/fd/1`,
    /// `/proc/self/fd/1`): such an output is written as `-o -`'s is, into the descriptor.
    /// Opened by its name, standard output on a file was that file replaced by a rename (what
    /// the shell had written into it first, and `>>`, lost), and `-o /dev/stdout
    /// --layout-json -` wrote the PDF and the JSON into one stream.
    static func standardOutputAsDash(_ path: String) -> String {
        // As written: Foundation's path standardising follows the links, to the file itself.
        ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path) ? OutputPlan.standardStream : path
    }

    /// Whether `path` is a name of standard error itself (`/dev/stderr`, `/dev/fd/2`,
    /// `/proc/self/fd/2`): typeset's messages go there, so an output there is refused. On a
    /// file, the name was written through as a link's is, the file replaced by a rename and the
    /// run's own messages written into the file it had replaced.
    static func namesStandardError(_ path: String) -> Bool {
        ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"].contains(path)
    }

    /// Standard input, read to its end, at most `MarkupSource.maximumSize`: one that goes on
    /// (`yes | typeset -`) is an error once it is past it, costing no more than that. Fails
    /// with why, to be printed.
    static func readInput() -> Result<[UInt8], InputProblem> {
        do {
            return .success(try InputFile.standardInput().readAll(limit: MarkupSource.maximumSize))
        } catch InputFile.Problem.longerThan(let limit) {
            return .failure(InputProblem(reason: InputFile.Problem.tooLongForADocument(limit)))
        } catch {
            return .failure(InputProblem(reason: "\(error)"))
        }
    }

    /// Why standard input could not be read.
    struct InputProblem: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot read standard input: \(reason)" }
    }

    /// A file in the temporary folder for a PDF (or layout JSON) bound for standard output: it
    /// is written there whole, and copied only when the document succeeded, so that standard
    /// output never receives half a PDF. It is registered at once, so that an interrupted run
    /// removes it.
    static func temporaryOutputPath(pathExtension: String = "pdf") -> String {
        let path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("typeset-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).\(pathExtension)")
        TemporaryFiles.shared.register(path)
        return path
    }

    /// Flushes what `print` has buffered; returns why writing it failed, if it ever did.
    static func flushOutput() -> SystemError? {
        if fflush(stdout) != 0 { return .current }
        return ferror(stdout) != 0 ? SystemError(code: EIO) : nil
    }

    /// Copies the file at `path` to standard output, a megabyte at a time, and removes it.
    /// It is removed as soon as it is open: a reader that closes the pipe early ends the
    /// process (SIGPIPE), and the file must not be left behind then. A failure to write
    /// (a full disk, a pipe closed while SIGPIPE is ignored) is thrown, described.
    static func copyToOutput(_ path: String) throws {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw RenderError.cannotRead(path: path, reason: "\(SystemError.current)") }
        defer { close(file) }
        TemporaryFiles.shared.remove(path)
        do {
            try FileSink(borrowing: STDOUT_FILENO).copy(from: file)
        } catch {
            throw RenderError.cannotWrite(path: "standard output", reason: "\(error)")
        }
    }
}
