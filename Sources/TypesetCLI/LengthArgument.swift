import ArgumentParser
import Foundation
import Text

/// A length option's value (`--margin 2cm`, `--gutter 18`), read by `Length`: points when no
/// unit is given. A value that is not a length is kept with its problem, so that `validate`
/// names the option and says what is wrong (a usage error, exit status 2) rather than
/// ArgumentParser's bare "invalid value".
struct LengthArgument: ExpressibleByArgument {
    var length = Length(value: 0)
    var problem: String?
    /// As it was written, for `--help`'s "(default: 18)".
    var defaultValueDescription: String

    init(argument: String) {
        defaultValueDescription = argument
        do throws(LengthSyntaxError) {
            length = try Length(parsing: argument)
        } catch {
            problem = "\"\(argument)\" \(error.message)"
        }
    }

    var points: Double { length.points }

    /// The value in points, when it is a length in `range`; otherwise a usage error naming
    /// `option`, the value and the range.
    func points(as option: String, in range: ClosedRange<Double>) throws -> Double {
        if let problem { throw ValidationError("\(option) \(problem)") }
        guard range.contains(length.points) else {
            throw ValidationError("\(option) must be \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) pt, not \(written)")
        }
        return length.points
    }

    /// The value as written, with its points when it is in another unit: `-5`, `2in (144 pt)`.
    var written: String {
        guard let unit = length.unit, unit != .pt else { return Self.format(length.points) }
        return "\(Self.format(length.value))\(unit.rawValue) (\(Self.format(length.points)) pt)"
    }

    /// Points with at most two decimals, no trailing zeros (`56.69`, `-5`); a value too small
    /// for two decimals to show with its significant digits (`0.001`).
    static func format(_ points: Double) -> String {
        guard points == 0 || abs(points) >= 0.01 else { return String(format: "%g", points) }
        return String(format: "%.2f", points).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
