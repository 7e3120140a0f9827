import Diagnostics
import Foundation
import Markup

/// An example from docs/markup.md: a ```markup block, and the comment after it that names it
/// and lists the diagnostics it must give (none unless listed):
///
///     <!-- example: unknown-tag
///          warning: unknown tag <blink> ignored -->
struct MarkupExample {
    var name: String
    var markup: String
    var expected: [(severity: Diagnostic.Severity, message: String)]
    /// Line of the ```markup fence in docs/markup.md.
    var line: Int

    static let documentPath = TestSupport.repositoryRoot.appendingPathComponent("docs/markup.md").path

    /// Every example, in the order the page gives them.
    static let all: [MarkupExample] = {
        guard let text = try? String(contentsOfFile: documentPath, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var examples: [MarkupExample] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```markup" else { index += 1; continue }
            let fence = index + 1
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" { body.append(lines[index]); index += 1 }
            index += 1
            var example = MarkupExample(name: "", markup: body.joined(separator: "\n") + "\n", expected: [], line: fence)
            // The expectation comment, on the line after the closing fence.
            if index < lines.count, lines[index].hasPrefix("<!-- example: ") {
                var comment = [String(lines[index].dropFirst("<!-- example: ".count))]
                while !comment.last!.hasSuffix("-->"), index + 1 < lines.count {
                    index += 1
                    comment.append(lines[index].trimmingCharacters(in: .whitespaces))
                }
                comment[comment.count - 1] = String(comment.last!.dropLast(3)).trimmingCharacters(in: .whitespaces)
                example.name = comment[0]
                for line in comment.dropFirst() {
                    if line.hasPrefix("warning: ") { example.expected.append((.warning, String(line.dropFirst(9)))) }
                    if line.hasPrefix("error: ") { example.expected.append((.error, String(line.dropFirst(7)))) }
                }
            }
            examples.append(example)
        }
        return examples
    }()

    static func named(_ name: String) -> MarkupExample {
        guard let example = all.first(where: { $0.name == name }) else {
            fatalError("docs/markup.md has no example named \(name)")
        }
        return example
    }

    /// The example parsed as the command line would parse a document in the zombie folder
    /// (so that `coffee.jpg` is found).
    func parse() -> MarkupDocument {
        TestSupport.parse(markup, fileName: "example.txt", baseDirectory: TestSupport.zombiesDirectory.path)
    }
}
