import ArgumentParser
import Layout
import Text

/// `--page-size`: a name (`NamedPageSize`, any case) or `WIDTHxHEIGHT` in lengths — `595x842`,
/// `210mmx297mm`, `8.5x11in` (a unit after the height alone is the width's too, as sizes are
/// written: "8.5 × 11 in"). A value that cannot be used is kept with its problem, which
/// `validate` reports with the option's name and the limits.
struct PageSizeArgument: ExpressibleByArgument {
    var size = NamedPageSize.a4.size
    var problem: String?
    /// As it was written, for `--help`'s "(default: a4)".
    var defaultValueDescription: String

    init(argument: String) {
        defaultValueDescription = argument
        let text = argument.lowercased()
        if let named = NamedPageSize(rawValue: text) {
            size = named.size
            return
        }
        let notASize = "\"\(argument)\" is not a page size: a name (\(NamedPageSize.names)) or WIDTHxHEIGHT such as 595x842, 210mmx297mm or 8.5x11in"
        let sides = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" }).map(String.init)
        guard sides.count == 2 else {
            problem = notASize
            return
        }
        do throws(LengthSyntaxError) {
            var width = try Length(parsing: sides[0])
            let height = try Length(parsing: sides[1])
            // "210mmx297": the height would be taken as points, a page of a strange shape.
            if width.unit != nil, height.unit == nil {
                problem = "\"\(argument)\": the width has a unit and the height none; give both (210mmx297mm) or the height's alone (8.5x11in)"
                return
            }
            if width.unit == nil { width.unit = height.unit }
            size = Size(width: width.points, height: height.points)
        } catch {
            // A side that is no number at all: most likely a name misspelt, such as "a4x".
            problem = error.reason == .notANumber ? notASize : "\"\(argument)\": a side \(error.message)"
            return
        }
        let limits = LayoutLimits.smallestPageSide ... LayoutLimits.largestPageSide
        guard limits.contains(size.width), limits.contains(size.height) else {
            problem = "\"\(argument)\" is \(LengthArgument.format(size.width)) × \(LengthArgument.format(size.height)) pt; "
                + "each side must be \(LengthArgument.format(limits.lowerBound)) pt (1 in) to \(LengthArgument.format(limits.upperBound)) pt (200 in)"
            return
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(NamedPageSize.allCases.map(\.rawValue)) }
}

extension TextAlignmentArgument: ExpressibleByArgument {}

enum TextAlignmentArgument: String, CaseIterable {
    case left, right, center, justify, start, end
}

enum FormatArgument: String, CaseIterable, ExpressibleByArgument {
    case pdf, png
}
