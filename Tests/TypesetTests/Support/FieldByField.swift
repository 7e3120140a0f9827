import Text

/// Where two values first differ, field by field (`Mirror`), as a path such as
/// `frames[2].lines[0].stringRange`; nil when they are alike. Equatable values are compared
/// with `==` (and walked into when they differ, for the path), texts by `TextChange`, class
/// instances by their fields unless they are one instance. For a test that two values made
/// two ways are the same in every field, a field added later included.
struct FieldByField {
    /// Field names left out wherever they occur.
    var ignoring: Set<String> = []
    private var comparedInstances: Set<[ObjectIdentifier]> = []

    init(ignoring: Set<String> = []) {
        self.ignoring = ignoring
    }

    mutating func firstDifference(_ a: Any, _ b: Any, at path: String = "") -> String? {
        guard type(of: a) == type(of: b) else { return "\(path): \(type(of: a)) against \(type(of: b))" }
        if let a = a as? AttributedText, let b = b as? AttributedText {
            return TextChange(from: a, to: b).map { "\(path): the texts differ at \($0.start)" }
        }
        if let a = a as? any Equatable, Self.equal(a, b) { return nil }
        let mirrorA = Mirror(reflecting: a), mirrorB = Mirror(reflecting: b)
        if mirrorA.displayStyle == .class {
            let pair = [ObjectIdentifier(a as AnyObject), ObjectIdentifier(b as AnyObject)]
            if pair[0] == pair[1] || !comparedInstances.insert(pair).inserted { return nil }
        }
        let childrenA = Array(mirrorA.children), childrenB = Array(mirrorB.children)
        guard childrenA.count == childrenB.count else { return "\(path): \(childrenA.count) against \(childrenB.count) parts" }
        if childrenA.isEmpty {
            let (textA, textB) = (String(describing: a), String(describing: b))
            return textA == textB && !(a is any Equatable) ? nil : "\(path): \(textA) against \(textB)"
        }
        for (index, (childA, childB)) in zip(childrenA, childrenB).enumerated() {
            if let label = childA.label, ignoring.contains(label) { continue }
            let name = childA.label.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? "\(path)[\(index)]"
            if let difference = firstDifference(childA.value, childB.value, at: name) { return difference }
        }
        return a is any Equatable ? "\(path): \(a) against \(b)" : nil
    }

    private static func equal<Value: Equatable>(_ a: Value, _ b: Any) -> Bool {
        (b as? Value).map { $0 == a } ?? false
    }
}
