/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// the fuzzer's only source of chance. Its output depends on nothing but the seed — not on the
/// platform's generator, the Swift version or the machine — so that a seed names the same
/// document everywhere.
public struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`. Written here, not with `Int.random(in:using:)`, whose way of
    /// drawing is the standard library's to change.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `chance` (0 to 1).
    public mutating func chance(_ chance: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < chance
    }

    /// One of `choices`, which must not be empty.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(0 ... choices.count - 1)]
    }

    /// A number from `lowest` to `highest`, rounded to `step` (so that the markup stays
    /// readable); `lowest` when `highest` is below it (a page too small for the range asked).
    public mutating func number(_ lowest: Double, to highest: Double, step: Double = 1) -> Double {
        let steps = Int(((highest - lowest) / step).rounded(.down))
        return lowest + Double(int(0 ... max(0, steps))) * step
    }
}
