/// How far a justified line may give to fill its measure, as InDesign's Justification settings
/// say it: word spaces, the space between letters and the width of the glyphs, each with the
/// least, the wanted and the most it may take. All three are stretch and shrink in the line
/// breaker's model, so it chooses breaks knowing what each line can absorb; a line shares
/// its slack among them in proportion to what each can give (see LineAdjustment in Layout).
public struct Justification: Hashable, Sendable {
    /// Word spaces, in percent of the font's space.
    public var wordSpacing: SpacingRange
    /// Space added after each letter, in percent of the em.
    public var letterSpacing: SpacingRange
    /// Horizontal scale of the glyphs, in percent (pdfTeX's font expansion).
    public var glyphScaling: SpacingRange

    public init(wordSpacing: SpacingRange, letterSpacing: SpacingRange, glyphScaling: SpacingRange) {
        self.wordSpacing = wordSpacing
        self.letterSpacing = letterSpacing
        self.glyphScaling = glyphScaling
    }

    /// What every paragraph gets unless it asks otherwise. Chosen by measuring word gaps in
    /// narrow and wide columns (docs/pipeline.md, "Narrow columns: justification ranges"):
    /// spaces keep TeX's give, letters and glyphs give a little, too little to be seen.
    public static let standard = Justification(wordSpacing: SpacingRange(80, 100, 133),
                                               letterSpacing: SpacingRange(-0.5, 0, 1.5),
                                               glyphScaling: SpacingRange(98, 100, 102))

    /// Spaces only, as TeX's Computer Modern spaces give (by half and by a third): letters and
    /// glyphs never change.
    public static let spacesOnly = Justification(wordSpacing: SpacingRange(200.0 / 3, 100, 150),
                                                 letterSpacing: SpacingRange(0, 0, 0),
                                                 glyphScaling: SpacingRange(100, 100, 100))
}

/// The least, wanted and most of one way a line gives.
public struct SpacingRange: Hashable, Sendable {
    public var minimum: Double
    public var desired: Double
    public var maximum: Double

    public init(_ minimum: Double, _ desired: Double, _ maximum: Double) {
        self.minimum = minimum
        self.desired = desired
        self.maximum = maximum
    }

    /// How far the value may grow above the wanted one.
    public var stretch: Double { maximum - desired }
    /// How far it may fall below it.
    public var shrink: Double { desired - minimum }
}
