import Diagnostics

/// Where the markup wrote each picture, box and table, by its number (`ImageAttachment.number`,
/// `BoxStyle.number`, `TableStyle.number`): what a message about one is located by. Kept beside
/// the text, not in its attributes, so that an edit that adds or removes a line leaves the
/// pictures, boxes and tables after it alike, and the pages set from them are taken again
/// (`typeset watch`); a message is located in the markup of the run that makes it.
public struct ElementPlaces: Sendable {
    /// Each picture's `src` value, in and out of the text (a master's), by number from 1.
    public var pictures: [SourcePlace]
    /// Each box's tag (`<figure>`, `<aside>`, `<footnote>`), by number from 1.
    public var boxes: [SourcePlace]
    /// Each `<table>` tag, by number from 1.
    public var tables: [SourcePlace]

    public init(pictures: [SourcePlace] = [], boxes: [SourcePlace] = [], tables: [SourcePlace] = []) {
        self.pictures = pictures
        self.boxes = boxes
        self.tables = tables
    }

    /// Where `image` was written; nil for a picture made without markup.
    public func place(of image: ImageAttachment) -> SourcePlace? {
        Self.place(numbered: image.number, in: pictures)
    }

    /// Where the box of `style` was written; nil for a box made without markup.
    public func place(of style: BoxStyle) -> SourcePlace? {
        Self.place(numbered: style.number, in: boxes)
    }

    /// Where the table of `style` was written; nil for a table made without markup.
    public func place(of style: TableStyle) -> SourcePlace? {
        Self.place(numbered: style.number, in: tables)
    }

    private static func place(numbered number: Int, in places: [SourcePlace]) -> SourcePlace? {
        places.indices.contains(number - 1) ? places[number - 1] : nil
    }
}

extension Diagnostic {
    /// An error at `place` (unlocated when nil).
    public static func error(_ message: String, at place: SourcePlace?) -> Diagnostic {
        .error(message, at: place?.location, sourceLine: place?.sourceLine)
    }

    /// A warning at `place` (unlocated when nil).
    public static func warning(_ message: String, at place: SourcePlace?) -> Diagnostic {
        .warning(message, at: place?.location, sourceLine: place?.sourceLine)
    }
}
