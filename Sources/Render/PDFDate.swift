import Foundation

/// A date as the PDF standard writes one in a document's information dictionary:
/// `D:YYYYMMDDHHmmSSOHH'mm'`, here always in universal time (`Z00'00'`), so that the same
/// `SOURCE_DATE_EPOCH` gives the same bytes wherever the document is typeset.
///
/// The fields come from the C library's `gmtime_r`, not Foundation's calendar or date
/// formatter: those load ICU's calendar and locale data, some 2 M instructions and the pages
/// of data they touch on every run, for a date that has one form.
enum PDFDate {
    static func string(secondsSince1970 seconds: Int) -> String {
        let date = UTCFields(secondsSince1970: seconds)
        return "D:" + digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2)
            + digits(date.hour, 2) + digits(date.minute, 2) + digits(date.second, 2) + "Z00'00'"
    }

    /// The same instant as XMP writes dates (ISO 8601, `2000-01-01T00:00:00Z`): a PDF's XMP
    /// dates must be those of its information dictionary.
    static func iso8601(secondsSince1970 seconds: Int) -> String {
        let date = UTCFields(secondsSince1970: seconds)
        return digits(date.year, 4) + "-" + digits(date.month, 2) + "-" + digits(date.day, 2) + "T"
            + digits(date.hour, 2) + ":" + digits(date.minute, 2) + ":" + digits(date.second, 2) + "Z"
    }

    /// An instant's calendar fields in universal time (the proleptic Gregorian calendar).
    private struct UTCFields {
        var year, month, day, hour, minute, second: Int

        init(secondsSince1970 seconds: Int) {
            var time = time_t(seconds)
            var fields = tm()
            gmtime_r(&time, &fields)
            year = Int(fields.tm_year) + 1900
            month = Int(fields.tm_mon) + 1
            day = Int(fields.tm_mday)
            hour = Int(fields.tm_hour)
            minute = Int(fields.tm_min)
            second = Int(fields.tm_sec)
        }
    }

    /// `value` in decimal, led by zeros to `width` digits (as `%0*d`; a longer number stays whole).
    private static func digits(_ value: Int, _ width: Int) -> String {
        let decimal = String(value)
        return String(repeating: "0", count: max(0, width - decimal.count)) + decimal
    }
}
