import Foundation

/// A cheap structural check of a written PDF, in place of running qpdf on every input: the
/// pictures a page uses are named once each in its `/XObject` dictionary (Cairo has written
/// `/XObject << /x6 6 0 R /x6 6 0 R >>` for one picture drawn twice, which readers reject).
enum PDFResourceCheck {
    /// The first name an `/XObject << … >>` dictionary gives twice, or nil.
    static func repeatedXObjectName(in pdf: Data) -> String? {
        let text = String(decoding: pdf, as: UTF8.self)
        var searchStart = text.startIndex
        while let open = text.range(of: "/XObject <<", range: searchStart ..< text.endIndex) {
            guard let close = text.range(of: ">>", range: open.upperBound ..< text.endIndex) else { return nil }
            var seen = Set<Substring>()
            // Entries are `/name N 0 R`: every other token starting with a slash is a name.
            for token in text[open.upperBound ..< close.lowerBound].split(whereSeparator: \.isWhitespace) where token.hasPrefix("/") {
                if !seen.insert(token).inserted { return String(token) }
            }
            searchStart = close.upperBound
        }
        return nil
    }
}
