/// A unit a length may be written in. Points are PostScript's, 72 to the inch, as PDF counts.
public enum LengthUnit: String, CaseIterable, Sendable {
    case pt
    case mm
    case cm
    case inch = "in"
    case pc

    /// Points in one of this unit; exact, from the inch's 72 points and 25.4 millimetres.
    public var points: Double {
        switch self {
        case .pt: 1
        case .mm: 72 / 25.4
        case .cm: 720 / 25.4
        case .inch: 72
        case .pc: 12
        }
    }

    /// "pt, mm, cm, in or pc", for messages.
    public static let accepted = "pt, mm, cm, in or pc"
}

/// A length as a document or an option writes it: a plain decimal number, then optionally a
/// unit (`12`, `12pt`, `4.2mm`, `0.5 in`); a bare number is in points. The markup and the
/// command line read lengths through this one parser, so both take the same units.
public struct Length: Hashable, Sendable {
    /// The number as written.
    public var value: Double
    /// The unit written after it, or nil for a bare number.
    public var unit: LengthUnit?

    /// The length in points.
    public var points: Double { value * (unit ?? .pt).points }

    public init(value: Double, unit: LengthUnit? = nil) {
        self.value = value
        self.unit = unit
    }

    /// Reads `text` (spaces and tabs around it, and between the number and its unit, do not
    /// matter; nor does the unit's case). Exponents are refused: `1e3mm` reads like a unit
    /// typed wrong, and no page needs them.
    public init(parsing text: some StringProtocol) throws(LengthSyntaxError) {
        // Read by indices into the lowercased text, not through arrays of characters and
        // generic strings made of them: each of those cost tens of thousands of instructions
        // a length, and the command line reads twenty at every start.
        let lowered = text.lowercased()
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let numberStart = lowered.firstIndex { !isBlank($0) } ?? lowered.endIndex
        var index = numberStart
        if index < lowered.endIndex, lowered[index] == "+" || lowered[index] == "-" { index = lowered.index(after: index) }
        var digits = 0, hasPoint = false
        while index < lowered.endIndex, lowered[index].isASCII, lowered[index].isNumber || lowered[index] == "." {
            if lowered[index] == "." {
                guard !hasPoint else { throw LengthSyntaxError(.notANumber) }
                hasPoint = true
            } else {
                digits += 1
            }
            index = lowered.index(after: index)
        }
        guard digits > 0, let number = Double(lowered[numberStart ..< index]) else { throw LengthSyntaxError(.notANumber) }
        // The unit: what follows the number, without the blanks around it.
        let unitStart = lowered[index...].firstIndex { !isBlank($0) } ?? lowered.endIndex
        let unitEnd = lowered[unitStart...].lastIndex { !isBlank($0) }.map { lowered.index(after: $0) } ?? unitStart
        let rest = String(lowered[unitStart ..< unitEnd])
        if rest.first == "e", rest.dropFirst().first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true {
            throw LengthSyntaxError(.exponent)
        }
        // Hundreds of digits overflow a Double: no length is that large.
        guard number.isFinite else { throw LengthSyntaxError(.tooLarge) }
        if rest.isEmpty {
            self.init(value: number)
        } else if let unit = LengthUnit(rawValue: rest) {
            self.init(value: number, unit: unit)
        } else {
            throw LengthSyntaxError(.unknownUnit(rest))
        }
    }
}

/// Why a text is not a length.
public struct LengthSyntaxError: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// It does not start with a plain decimal number.
        case notANumber
        /// The number is followed by something that is not a unit.
        case unknownUnit(String)
        /// The number has an exponent (`1e3`).
        case exponent
        /// The number is too large to represent.
        case tooLarge
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// What is wrong, to follow the value in a message: `unknown unit "px" (a length is in pt, …)`.
    public var message: String {
        switch reason {
        case .notANumber: "is not a length: a number such as 12 or 4.5, optionally followed by a unit (\(LengthUnit.accepted))"
        case .unknownUnit(let unit): "has an unknown unit \"\(unit.count <= 20 ? unit : unit.prefix(19) + "…")\"; a length is in \(LengthUnit.accepted) (points when none is given)"
        case .exponent: "has an exponent; write a plain decimal number such as 1000 or 0.001"
        case .tooLarge: "is too large to be a length"
        }
    }
}
