import Foundation
import XCTest

/// Every object of a PDF as qpdf reads it (`qpdf --json=2`), with a stream's data decoded by
/// qpdf on request: for checks that follow references from the catalog (output intents,
/// metadata, colour spaces) rather than search the file's bytes.
struct PDFObjectTree {
    let path: String
    /// `obj:12 0 R` → the object's JSON (`value`, or `stream` with `dict`).
    private let objects: [String: Any]

    init(pdfAt path: String) throws {
        self.path = path
        let output = try Self.run(["--json=2", "--json-key=qpdf", path])
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: output) as? [String: Any])
        objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
    }

    var trailer: [String: Any] { ((objects["trailer"] as? [String: Any])?["value"] as? [String: Any]) ?? [:] }

    var catalog: [String: Any] { dictionary(trailer["/Root"]) ?? [:] }

    var info: [String: Any] { dictionary(trailer["/Info"]) ?? [:] }

    /// The Info dictionary's `/CreationDate` (`D:…`), read where qpdf finds it: the dictionary
    /// is in a compressed object stream, not in the file's bytes.
    var creationDate: String? { Self.text(info["/CreationDate"]) }

    /// Every object's dictionary (a stream's own), by reference.
    var allDictionaries: [(reference: String, dictionary: [String: Any])] {
        objects.keys.sorted().compactMap { key in
            guard key.hasPrefix("obj:"), let dictionary = dictionary(String(key.dropFirst(4))) else { return nil }
            return (String(key.dropFirst(4)), dictionary)
        }
    }

    /// The dictionary `value` is or refers to (a stream's dictionary for a stream).
    func dictionary(_ value: Any?) -> [String: Any]? {
        if let direct = value as? [String: Any] { return direct }
        guard let reference = value as? String, let object = objects["obj:\(reference)"] as? [String: Any] else { return nil }
        return (object["value"] as? [String: Any]) ?? ((object["stream"] as? [String: Any])?["dict"] as? [String: Any])
    }

    /// The array `value` is or refers to.
    func array(_ value: Any?) -> [Any]? {
        if let direct = value as? [Any] { return direct }
        guard let reference = value as? String else { return nil }
        return (objects["obj:\(reference)"] as? [String: Any])?["value"] as? [Any]
    }

    /// The pages' dictionaries, in order.
    var pages: [[String: Any]] {
        var result: [[String: Any]] = []
        func walk(_ node: [String: Any]) {
            if let kids = array(node["/Kids"]) {
                for kid in kids { if let child = dictionary(kid) { walk(child) } }
            } else {
                result.append(node)
            }
        }
        if let root = dictionary(catalog["/Pages"]) { walk(root) }
        return result
    }

    /// The data of the stream `reference` (`12 0 R`): decoded when `filtered`, else as stored.
    func streamData(_ reference: String, filtered: Bool = true) throws -> Data {
        let number = try XCTUnwrap(reference.split(separator: " ").first)
        return try Self.run(["--show-object=\(number)", filtered ? "--filtered-stream-data" : "--raw-stream-data", path])
    }

    /// A string value without qpdf's `u:` or `b:` prefix.
    static func text(_ value: Any?) -> String? {
        (value as? String).map { $0.hasPrefix("u:") || $0.hasPrefix("b:") ? String($0.dropFirst(2)) : $0 }
    }

    private static func run(_ arguments: [String]) throws -> Data {
        // `make test` installs qpdf: without it the checks could not fail, so they fail.
        guard FileManager.default.isExecutableFile(atPath: PDFCheck.qpdf) else { throw QPDFFailure(arguments: ["(not installed)"]) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PDFCheck.qpdf)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw QPDFFailure(arguments: arguments) }
        return data
    }
}

/// qpdf could not read what a test asked of it.
struct QPDFFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "qpdf \(arguments.joined(separator: " ")) failed" }
}
