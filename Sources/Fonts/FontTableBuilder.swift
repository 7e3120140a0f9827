import Text

/// A face that was asked for and could not be had as asked: what stands in for it.
public struct FontSubstitution: Sendable {
    public enum Reason: Sendable {
        /// No installed face has the family; the body face stands in.
        case familyMissing
        /// The family has no face of the weight or slant asked for; another of its faces stands in.
        case lacksStyle
    }

    public var requested: FontDescriptor
    public var reason: Reason
    /// The face used instead.
    public var font: Font
}

/// Builds the font table a document is laid out with, the one way every caller builds it (the
/// typesetter, `boundingSize`, tests, fuzzing): the library's body face as the table's
/// fallback, each face asked for, and faces for characters those lack.
///
/// Findings come back as data, not diagnostics: the caller knows where each request was made
/// and says so there.
public struct FontTableBuilder {
    public let library: FontLibrary
    public private(set) var table: FontTable

    /// Starts a table whose fallback is the library's body face.
    public init(library: FontLibrary) throws {
        self.library = library
        table = FontTable(fallback: try library.resolve(family: library.bodyFamily).font)
    }

    /// Adds the face for `descriptor`; returns what stands in for it when it is not there as
    /// asked, nil when it is.
    @discardableResult
    public mutating func add(_ descriptor: FontDescriptor) throws -> FontSubstitution? {
        let resolution = try library.resolve(descriptor)
        table.add(resolution.font, for: descriptor)
        if resolution.isFallback { return FontSubstitution(requested: descriptor, reason: .familyMissing, font: resolution.font) }
        if resolution.lacksStyle { return FontSubstitution(requested: descriptor, reason: .lacksStyle, font: resolution.font) }
        return nil
    }

    /// Adds fallback faces for the characters of `text` its faces lack (`FontCoverage`); returns
    /// the characters no installed face has.
    public mutating func addFallbacks(for text: AttributedText) -> [UncoveredCharacter] {
        FontCoverage.resolveFallbacks(in: text, table: &table, library: library)
    }

    /// The whole table at once, for callers with nothing to report: the faces asked for (a
    /// missing one stands in silently) and fallbacks for the characters of `text`.
    public static func table(for descriptors: [FontDescriptor], covering text: AttributedText,
                             library: FontLibrary) throws -> FontTable {
        var builder = try FontTableBuilder(library: library)
        for descriptor in descriptors { try builder.add(descriptor) }
        _ = builder.addFallbacks(for: text)
        return builder.table
    }
}
