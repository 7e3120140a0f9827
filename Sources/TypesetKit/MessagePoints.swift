/// A length in a message, in points to a tenth, without a trailing ".0": "13", "13.2". The
/// checks before layout name sizes, pitches and tab positions this way.
enum MessagePoints {
    static func tenths(_ points: Double) -> String {
        let tenths = (points * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
