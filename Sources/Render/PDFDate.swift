import Foundation

/// A date as the PDF standard writes one in a document's information dictionary:
/// `D:YYYYMMDDHHmmSSOHH'mm'`, here always in universal time (`Z00'00'`), so that the same
/// `SOURCE_DATE_EPOCH` gives the same bytes wherever the document is typeset.
enum PDFDate {
    static func string(secondsSince1970 seconds: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                            from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "D:%04d%02d%02d%02d%02d%02dZ00'00'", parts.year!, parts.month!, parts.day!,
                      parts.hour!, parts.minute!, parts.second!)
    }

    /// The same instant as XMP writes dates (ISO 8601, `2000-01-01T00:00:00Z`): a PDF's XMP
    /// dates must be those of its information dictionary.
    static func iso8601(secondsSince1970 seconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
