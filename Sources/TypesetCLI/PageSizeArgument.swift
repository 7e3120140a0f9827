import ArgumentParser
import Layout
import Pages

/// `a4`, `letter`, or `WIDTHxHEIGHT` in points.
struct PageSizeArgument: ExpressibleByArgument {
    var size: Size
    /// As it was written, for `--help`'s "(default: a4)".
    var defaultValueDescription: String

    init?(argument: String) {
        defaultValueDescription = argument
        switch argument.lowercased() {
        case "a4": size = PageTemplate.a4
        case "letter": size = PageTemplate.letter
        default:
            let parts = argument.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                  width >= 72, height >= 72, width <= 14_400, height <= 14_400 else { return nil }
            size = Size(width: width, height: height)
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(["a4", "letter"]) }
}

extension TextAlignmentArgument: ExpressibleByArgument {}

enum TextAlignmentArgument: String, CaseIterable {
    case left, right, center, justify, start, end
}

enum FormatArgument: String, CaseIterable, ExpressibleByArgument {
    case pdf, png
}
