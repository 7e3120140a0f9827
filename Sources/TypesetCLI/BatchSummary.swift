import TypesetKit

/// The line a batch ends with: `12 documents, 187 pages, 1 failed, 2.4 s`. Pages are those
/// written, so a failed document adds none.
struct BatchSummary: CustomStringConvertible {
    var documentCount: Int
    var pageCount: Int
    var failedCount: Int
    var seconds: Double

    init(_ outcomes: [BatchOutcome], seconds: Double) {
        documentCount = outcomes.count
        pageCount = outcomes.reduce(0) { $0 + $1.pageCount }
        failedCount = outcomes.filter { !$0.succeeded }.count
        self.seconds = seconds
    }

    var description: String {
        "\(Self.count(documentCount, "document")), \(Self.count(pageCount, "page")), \(failedCount) failed, "
            + String(format: "%.1f s", seconds)
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
