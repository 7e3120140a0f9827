/// A value held once and shared by reference. Text attributes are large (colours with their
/// inks, decorations, a picture's attachment: about a kilobyte), and a paragraph restyled by
/// a rule has a run for every match: each of layout's items and style runs copying them made
/// a match cost kilobytes; sharing the text's one copy makes it a pointer.
public final class Shared<Value: Sendable>: Sendable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }
}
