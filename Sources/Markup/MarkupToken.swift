/// An attribute of a tag: `name="value"`, with the offset of its value for messages.
public struct TagAttribute: Sendable, Equatable {
    public var name: String
    public var value: String
    public var nameOffset: Int
    public var valueOffset: Int
}

/// A tag as written: `<font color="red">`, `</font>` or `<img … />`.
public struct Tag: Sendable, Equatable {
    public var name: String
    public var isClosing: Bool
    public var attributes: [TagAttribute]
    /// Offset of the `<` in the source.
    public var offset: Int

    public func attribute(_ name: String) -> TagAttribute? {
        attributes.last { $0.name.lowercased() == name.lowercased() }
    }
}

public enum MarkupToken: Sendable, Equatable {
    /// Literal text, entities already decoded, with where each character came from: in the
    /// buffer passed to `MarkupScanner.next(text:)`.
    case text
    case tag(Tag)
    /// `<!-- … -->`, which prints nothing.
    case comment(offset: Int)
}
