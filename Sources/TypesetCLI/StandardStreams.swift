import Foundation

/// Standard input read as a document, and a finished PDF copied to standard output.
enum StandardStreams {
    static func readInput() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }

    /// A file in the temporary folder for a PDF bound for standard output: it is written
    /// there whole, and copied only when the document succeeded, so that standard output
    /// never receives half a PDF.
    static func temporaryOutputPath() -> String {
        (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("typeset-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).pdf")
    }

    /// Copies the file at `path` to standard output, a megabyte at a time, and removes it.
    /// It is removed as soon as it is open: a reader that closes the pipe early ends the
    /// process (SIGPIPE), and the file must not be left behind then.
    static func copyToOutput(_ path: String) throws {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? file.close() }
        unlink(path)
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            FileHandle.standardOutput.write(chunk)
        }
    }
}
