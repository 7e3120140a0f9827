import Text

/// Questions asked of every character of a paragraph before it is shaped (is it all ASCII, has it
/// a tab), answered by loops without an early exit, which the compiler turns into vector
/// instructions: several characters an instruction, where a loop that stops at the first match
/// takes several instructions a character. Nearly every paragraph answers no, and is read to its
/// end either way.
enum UnitScan {
    /// Whether every unit is below U+0080.
    static func isASCII(_ units: TextUnitSlice) -> Bool {
        units.withUnsafeBufferPointer { units in
            var bits: UInt16 = 0
            for unit in units { bits |= unit }
            return bits < 0x80
        }
    }

    /// Whether `units` hold `first` or `second`.
    static func contains(_ first: UInt16, or second: UInt16, in units: TextUnitSlice) -> Bool {
        units.withUnsafeBufferPointer { units in
            var hits: UInt16 = 0
            for unit in units { hits |= (unit == first ? 1 : 0) | (unit == second ? 1 : 0) }
            return hits != 0
        }
    }
}
