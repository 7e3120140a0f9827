import Diagnostics
import Text

extension TagAttribute {
    /// The name as compared: case, hyphens and underscores do not matter, so the tutorial's
    /// `strokeColor` and `stroke-color` are one attribute.
    var key: String { name.lowercased().filter { $0 != "-" && $0 != "_" } }

    var trimmedValue: String { value.trimmingSpaces() }
}

/// Reads attribute values. An unusable value is an error located at the value, and the
/// reader returns nil so that the attribute keeps the value it had.
struct ValueReader {
    let diagnostics: MarkupDiagnostics
    /// The swatches declared so far, which colour values may name.
    let swatches: SwatchBook

    func error(_ message: String, at attribute: TagAttribute) {
        diagnostics.error(message, at: attribute.valueOffset)
    }

    /// A number in `range`, optionally followed by `unit` (`12` or `12pt`).
    func number(_ attribute: TagAttribute, in range: ClosedRange<Double>, unit: String? = nil,
                excludingMinimum: Bool = false) -> Double? {
        var text = attribute.trimmedValue.lowercased()
        if let unit, text.hasSuffix(unit) { text = String(text.dropLast(unit.count)) }
        guard let value = NumberSyntax.parse(text) else {
            error("\(attribute.name.clipped) must be a number, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return checked(value, attribute, in: range, unit: unit, excludingMinimum: excludingMinimum)
    }

    /// A whole number in `range` (`columns="3"`); `3.5` is an error saying it must be whole.
    func wholeNumber(_ attribute: TagAttribute, in range: ClosedRange<Double>) -> Int? {
        guard let value = number(attribute, in: range) else { return nil }
        guard value == value.rounded() else {
            error("\(attribute.name.clipped) must be a whole number, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return Int(value)
    }

    /// The least a value that must be greater than its minimum may exceed it by: a size of
    /// 1e-200 is greater than 0, but a picture or face scaled by it makes a matrix Cairo cannot
    /// invert. A hundredth of a point is smaller than any printer's dot.
    static let smallestPositive = 0.01

    /// `value` when it lies in `range`; otherwise an error saying which bound it passed.
    /// `written` is the length as given when it was not in points, which messages show with
    /// its value in points (`6000mm (17007.87 pt)`).
    func checked(_ value: Double, _ attribute: TagAttribute, in range: ClosedRange<Double>, unit: String? = nil,
                 excludingMinimum: Bool = false, written: Length? = nil) -> Double? {
        let unitText = unit.map { " \($0)" } ?? ""
        let shown = written.map { "\(Self.format($0.value))\($0.unit?.rawValue ?? "") (\(Self.format(($0.points * 100).rounded() / 100)) pt)" }
            ?? Self.format(value)
        if excludingMinimum, value <= range.lowerBound {
            error("\(attribute.name.clipped) must be greater than \(Self.format(range.lowerBound)), not \(shown)", at: attribute)
            return nil
        }
        if excludingMinimum, value < range.lowerBound + Self.smallestPositive {
            error("\(attribute.name.clipped) \(shown) is too small (at least \(Self.format(range.lowerBound + Self.smallestPositive))\(unitText))",
                  at: attribute)
            return nil
        }
        if value < range.lowerBound {
            error("\(attribute.name.clipped) must be at least \(Self.format(range.lowerBound))\(unitText), not \(shown)", at: attribute)
            return nil
        }
        if value > range.upperBound {
            error("\(attribute.name.clipped) \(shown) is too large (at most \(Self.format(range.upperBound))\(unitText))", at: attribute)
            return nil
        }
        return value
    }

    /// A length in points, in `range`: `12`, `12pt`, `4.2mm`, `1in`, … (see `Length`).
    func points(_ attribute: TagAttribute, in range: ClosedRange<Double>, excludingMinimum: Bool = false) -> Double? {
        guard let length = length(attribute) else { return nil }
        let converted = length.unit == nil || length.unit == .pt ? nil : length
        return checked(length.points, attribute, in: range, unit: "pt", excludingMinimum: excludingMinimum, written: converted)
    }

    /// The attribute's value read as a length, or nil after an error saying what is wrong.
    func length(_ attribute: TagAttribute) -> Length? {
        do throws(LengthSyntaxError) {
            return try Length(parsing: attribute.value)
        } catch let problem {
            error(Self.lengthProblem(problem, name: attribute.name, value: attribute.value), at: attribute)
            return nil
        }
    }

    /// `width must be a number, not "wide"`, `width "12px" has an unknown unit "px"; …`.
    static func lengthProblem(_ problem: LengthSyntaxError, name: String, value: String) -> String {
        guard problem.reason != .notANumber else { return "\(name.clipped) must be a number, not \"\(value.clipped)\"" }
        return "\(name.clipped) \"\(value.trimmingSpaces().clipped)\" \(problem.message)"
    }

    /// on/off (also true/false, yes/no).
    func boolean(_ attribute: TagAttribute) -> Bool? {
        switch attribute.trimmedValue.lowercased() {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default:
            error("\(attribute.name.clipped) must be on or off, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
    }

    /// One of the words in `choices` (any case).
    func choice<Value>(_ attribute: TagAttribute, _ choices: KeyValuePairs<String, Value>) -> Value? {
        choice(attribute, among: choices.map { ($0.key, $0.value) })
    }

    /// One of an enumeration's raw values (any case), as `choice` reads a word.
    func choice<Value: RawRepresentable & CaseIterable>(_ attribute: TagAttribute, _ type: Value.Type) -> Value?
    where Value.RawValue == String {
        choice(attribute, among: Value.allCases.map { ($0.rawValue, $0) })
    }

    private func choice<Value>(_ attribute: TagAttribute, among choices: [(key: String, value: Value)]) -> Value? {
        let word = attribute.trimmedValue.lowercased()
        if let match = choices.first(where: { $0.key == word }) { return match.value }
        let names = choices.map(\.key)
        error("\(attribute.name.clipped) must be \(Self.list(names)), not \"\(attribute.value.clipped)\""
              + Suggestion.hint(for: word, among: names), at: attribute)
        return nil
    }

    /// A percentage from 0 to 100, its `%` optional (`40%`, `40`), as a fraction 0...1.
    func percentage(_ attribute: TagAttribute) -> Double? {
        if let fraction = ColorParser.percentage(attribute.trimmedValue) { return fraction }
        error("\(attribute.name.clipped) must be a percentage from 0 to 100 (\"40%\"), not \"\(attribute.value.clipped)\"", at: attribute)
        return nil
    }

    func color(_ attribute: TagAttribute) -> Color? {
        if let color = ColorParser.parse(attribute.value, swatches: swatches) { return color }
        error(ColorParser.problem(with: attribute.value, swatches: swatches), at: attribute)
        return nil
    }

    /// `12`, `12.5`: no trailing zeros in messages.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it.
    func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}

/// Plain decimal numbers as designers write them: `12`, `-3.5`, `.5`, `1e3`. Swift's own
/// `Double(_:)` would also take `nan`, `inf` and hexadecimal `0x1p3`.
enum NumberSyntax {
    static func parse(_ text: String) -> Double? {
        let text = text.trimmingSpaces()
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
