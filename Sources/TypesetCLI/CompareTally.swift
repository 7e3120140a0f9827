import Golden
import TypesetKit

/// Counts what `typeset compare` found over all its documents, for the closing line:
/// "3 documents, 9 pages, 1 page differs".
struct CompareTally {
    let updating: Bool
    private var documents = 0
    private var pages = 0
    private var failedDocuments = 0
    private var differing = 0
    private var missingGoldens = 0
    private var extraGoldens = 0
    private var written = 0
    private var rewritten = 0
    private var removed = 0

    init(updating: Bool) {
        self.updating = updating
    }

    /// Every page matched (or, updating, every document could be set).
    var passed: Bool {
        failedDocuments == 0 && differing == 0 && missingGoldens == 0 && extraGoldens == 0
    }

    mutating func add(_ report: GoldenCheckReport) {
        documents += 1
        pages += report.pageCount
        for result in report.failures {
            switch result.outcome {
            case .matches: break
            case .differs, .sizeMismatch, .unreadableGolden: differing += 1
            case .missingGolden: missingGoldens += 1
            case .extraGolden: extraGoldens += 1
            }
        }
    }

    mutating func add(_ report: GoldenUpdateReport) {
        documents += 1
        pages += report.pageCount
        for change in report.changes {
            switch change.kind {
            case .added: written += 1
            case .replaced: rewritten += 1
            case .removed: removed += 1
            }
        }
    }

    mutating func addFailedDocument() {
        documents += 1
        failedDocuments += 1
    }

    var summary: String {
        var parts = [Self.count(documents, "document"), Self.count(pages, "page")]
        if updating {
            if written > 0 { parts.append(Self.count(written, "golden") + " written") }
            if rewritten > 0 { parts.append("\(rewritten) rewritten") }
            if removed > 0 { parts.append("\(removed) removed") }
            if written + rewritten + removed == 0, failedDocuments == 0 { parts.append("goldens up to date") }
        } else {
            if differing > 0 { parts.append(Self.count(differing, "page") + (differing == 1 ? " differs" : " differ")) }
            if missingGoldens > 0 { parts.append(Self.count(missingGoldens, "page") + " without a golden") }
            if extraGoldens > 0 { parts.append(Self.count(extraGoldens, "golden") + " of a missing page") }
            if passed { parts.append("all match") }
        }
        if failedDocuments > 0 { parts.append(Self.count(failedDocuments, "document") + " with errors") }
        return parts.joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
