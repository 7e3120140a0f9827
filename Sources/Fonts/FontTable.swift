import Text

/// Faces already resolved, for the stages that lay text out: a lookup that cannot fail,
/// because every face a document asks for was resolved (and any missing one reported)
/// before layout started.
public struct FontTable: @unchecked Sendable {
    private var fonts: [FontDescriptor: Font] = [:]
    /// The same faces under the descriptors as they were added, spelled as the document
    /// spelled them, which is how layout asks for them again: found without lowercasing the
    /// family (a string made at every lookup, some 1,500 instructions, many thousands of
    /// times a book).
    private var asAdded: [FontDescriptor: Font] = [:]
    /// Faces for characters the chosen faces lack, found before layout (`FontCoverage`).
    var fallbacks: [FallbackKey: Font] = [:]
    public let fallback: Font

    public init(fallback: Font) {
        self.fallback = fallback
    }

    private static func key(_ descriptor: FontDescriptor) -> FontDescriptor {
        FontDescriptor(family: descriptor.family.lowercased(), weight: descriptor.weight, italic: descriptor.italic)
    }

    public mutating func add(_ font: Font, for descriptor: FontDescriptor) {
        let key = Self.key(descriptor)
        fonts[key] = font
        // A spelling added before that names the same face under another case would still
        // answer with the face it was given: it goes, so that every spelling finds this one.
        if asAdded.keys.contains(where: { $0 != descriptor && Self.key($0) == key }) {
            asAdded = asAdded.filter { Self.key($0.key) != key }
        }
        asAdded[descriptor] = font
    }

    public mutating func add(_ font: Font, for family: String) {
        add(font, for: FontDescriptor(family: family))
    }

    /// The face for `descriptor`; the regular face of its family, or the fallback, when that
    /// exact face was not resolved.
    public func font(for descriptor: FontDescriptor) -> Font {
        if let font = asAdded[descriptor] { return font }
        return fonts[Self.key(descriptor)] ?? fonts[Self.key(FontDescriptor(family: descriptor.family))] ?? fallback
    }

    public func font(for family: String) -> Font {
        font(for: FontDescriptor(family: family))
    }

    public func font(for attributes: TextAttributes) -> Font {
        font(for: attributes.fontRequest)
    }

    /// The files of every face in the table (requested faces, fallbacks and the stand-in),
    /// each once, sorted: what a build tool must watch for the document to be set again.
    public var fontFilePaths: [String] {
        Set([fallback.path] + fonts.values.map(\.path) + fallbacks.values.map(\.path)).sorted()
    }
}

extension FontTable {
    /// Whether the two tables give the same faces (the same `Font`s, as a font library kept
    /// between runs gives) for the same descriptors and characters: text set with one is set
    /// alike with the other.
    public func givesTheSameFaces(as other: FontTable) -> Bool {
        func alike<Key>(_ a: [Key: Font], _ b: [Key: Font]) -> Bool {
            a.count == b.count && a.allSatisfy { key, font in b[key] === font }
        }
        return fallback === other.fallback && alike(fonts, other.fonts) && alike(asAdded, other.asAdded)
            && alike(fallbacks, other.fallbacks)
    }
}
