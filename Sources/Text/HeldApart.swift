/// A large value that is seldom set, kept on the heap so that the struct holding it stays a
/// pointer's width larger, not the value's. A text keeps each distinct paragraph style and
/// attribute set once, and some documents have one a paragraph (a table's cells, each in its
/// own place; a reference's link): the values most of them leave unset were most of their
/// bytes. Compared and hashed by the value it holds.
public struct HeldApart<Value: Hashable & Sendable>: Hashable, Sendable {
    private let held: Shared<Value>

    public init(_ value: Value) {
        held = Shared(value)
    }

    public var value: Value { held.value }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.held === rhs.held || lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }
}

/// A property most values leave nil, held apart when set: `@HeldApartWhenSet public var box:
/// BoxStyle?` costs its struct one pointer, and reads and writes as a plain optional.
@propertyWrapper
public struct HeldApartWhenSet<Value: Hashable & Sendable>: Hashable, Sendable {
    private var held: HeldApart<Value>?

    public init(wrappedValue: Value?) {
        held = wrappedValue.map(HeldApart.init)
    }

    public var wrappedValue: Value? {
        get { held?.value }
        set { held = newValue.map(HeldApart.init) }
    }
}
