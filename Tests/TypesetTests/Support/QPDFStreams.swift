import Foundation
import XCTest

/// A stream of a PDF as qpdf gives it: as stored in the file, or with its filters undone.
enum QPDFStreams {
    static func bytes(ofObject object: Int, inPDFAt path: String, filtered: Bool = false) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        process.arguments = ["--show-object=\(object)", filtered ? "--filtered-stream-data" : "--raw-stream-data", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "qpdf --show-object=\(object) \(path)")
        return data
    }
}
