/// Glyphs HarfBuzz chose for a piece of text, in font units (scale by `Font.scale(for:)`).
/// Parallel arrays, one element per glyph, in logical order for left-to-right text.
public struct ShapedGlyphs: Sendable, Equatable {
    public var glyphIDs: [UInt32] = []
    public var advances: [Int32] = []
    public var xOffsets: [Int32] = []
    public var yOffsets: [Int32] = []
    /// UTF-16 offset, from the start of the shaped text, of the character each glyph came from.
    public var clusters: [Int32] = []

    public init() {}

    /// The glyphs as parallel arrays.
    init(_ glyphs: UnsafeBufferPointer<ShapedGlyph>) {
        glyphIDs = glyphs.map(\.id)
        advances = glyphs.map(\.advance)
        xOffsets = glyphs.map(\.xOffset)
        yOffsets = glyphs.map(\.yOffset)
        clusters = glyphs.map(\.cluster)
    }

    public var count: Int { glyphIDs.count }
    public var totalAdvance: Int { advances.reduce(0) { $0 + Int($1) } }
}
