/// A value kept on the heap, so that a struct with a large field that is seldom set stays small
/// to copy (see Line). Immutable: a struct holding one replaces it to change the value.
final class Indirect<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
