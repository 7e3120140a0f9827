import CHarfBuzz
import Fonts
import Foundation

/// The fonts typeset's own text writer (`PDFTextLayer`) draws in, embedded in the PDF by the
/// finishing step. A face (a slot) is written in one or more fonts, each a resource of the
/// pages (`resource(slot:font:)`): a TrueType or name-keyed CFF face as simple fonts of
/// one-byte codes (TrueType, Type 1 with a Type 1C program), a code a (glyph, text) pair
/// (`SimpleFontCodes`), with `Tw` for the word space, as pdfTeX and Cairo write them; a
/// CID-keyed CFF face (Noto CJK's) as one Type 0 font (ISO 32000-1, 9.7), `/Identity-H`, a
/// 2-byte code its glyph ID as HarfBuzz shaped it. Each font program is a subset by hb-subset
/// that keeps the glyph IDs (`FontSubset`), with a ToUnicode map of its codes' texts
/// (`ToUnicodeCMap`). A colour face (emoji) is written as simple Type 3 fonts of empty glyphs
/// (`InvisibleFontObjects`): its text, under the pictures Cairo paints.
///
/// The writer asks about every glyph it draws, on the drawing thread: `slot(for:)` once per
/// glyph run, `width` and `code` once per glyph. Those answers are array lookups by glyph ID
/// in the slot's record (`EmbeddedFontGlyphs`); nothing is hashed, and nothing allocated but
/// the text of a glyph mapped for the first time. Everything else — subsetting, the
/// descriptor, the CMap — waits for `embed`, once, in the finishing step.
///
/// Not thread-safe: one drawing thread asks, and the finishing step embeds after it.
final class PDFEmbeddedFonts {
    /// Per slot, what was drawn in its face.
    private var slots: [EmbeddedFontGlyphs] = []
    /// Per resource, the slot and which of its fonts it is; per slot, its fonts' resources.
    private var resources: [(slot: Int, font: Int)] = []
    private var resourcesOfSlot: [[Int]] = []
    /// Per `Font.id`, the font's slot, -1 for none yet: fonts' ids are small and dense.
    private var slotsByFontID: [Int] = []
    /// Per `Font.id`, whether it can be embedded: 0 not asked yet, 1 yes, -1 no.
    private var embeddableByFontID: [Int8] = []
    /// The font asked for last and its slot: a line's runs mostly share one font.
    private var lastFont: Font?
    private var lastSlot = 0
    /// The lowest PDF version the file must declare once `subsets` has run: 1.6 when a font
    /// was embedded as OpenType (`/FontFile3 /Subtype /OpenType`, new in PDF 1.6; Cairo writes
    /// 1.5), nil otherwise. The finishing step writes it in the file's header.
    private(set) var minimumPDFVersion: String?

    /// Where the calls that change the slots, resources and codes are recorded.
    private let history: TextLayerHistory?

    init(history: TextLayerHistory? = nil) {
        self.history = history
    }

    /// Whether `font` can be embedded by this class: scalable, TrueType (`glyf`) or CFF
    /// (`CFF `) outlines; not CFF2/variable, not bitmap-only (colour emoji). Answered once per
    /// font (cached by `font.id`).
    func canEmbed(_ font: Font) -> Bool {
        if font.id < embeddableByFontID.count, embeddableByFontID[font.id] != 0 { return embeddableByFontID[font.id] > 0 }
        if font.id >= embeddableByFontID.count { embeddableByFontID.resize(to: font.id + 1, with: 0) }
        let embeddable = Self.isEmbeddable(font)
        embeddableByFontID[font.id] = embeddable ? 1 : -1
        return embeddable
    }

    private static func isEmbeddable(_ font: Font) -> Bool {
        // Colour glyphs (bitmaps, COLR layers) would come out as plain outlines or not at all:
        // those runs stay Cairo's, which draws them as pictures (`ColorGlyphDrawer`).
        guard font.isScalable, !font.hasColorBitmaps else { return false }
        let tables = OpenTypeTables(face: hb_font_get_face(font.harfBuzzFont))
        guard tables.has("glyf") || tables.has("CFF ") else { return false }
        // A variable font's subset would need instancing (hb-subset 6.0 cannot); CFF2 is
        // variable CFF, which PDF does not know.
        guard !tables.has("fvar"), !tables.has("CFF2"), !tables.has("COLR"), !tables.has("sbix") else { return false }
        // A CID-keyed CFF reads CIDs through its charset: the layer's glyph IDs survive it only
        // when it is the identity (Noto CJK's); Cairo draws a font with another (`CFFTopDict`).
        if tables.has("CFF "),
           CFFTopDict.readsGlyphIDsAsCIDs(tables.table("CFF "), glyphCount: Int(hb_face_get_glyph_count(hb_font_get_face(font.harfBuzzFont)))) != true {
            return false
        }
        // OS/2 fsType (at 8): bit 1 alone is "restricted licence", no embedding; bit 9 allows
        // bitmaps only. The font's maker said so; Cairo's text stays for such a font.
        let fsType = tables.uint16("OS/2", at: 8) ?? 0
        if fsType & 0x000F == 0x0002 || fsType & 0x0200 != 0 { return false }
        return true
    }

    /// The slot of `font` (0, 1, 2… in the order fonts are first asked for), made on first use.
    func slot(for font: Font) -> Int {
        if font === lastFont { return lastSlot }
        let slot: Int
        if font.id < slotsByFontID.count, slotsByFontID[font.id] >= 0, slots[slotsByFontID[font.id]].font === font {
            slot = slotsByFontID[font.id]
        } else if let known = slots.firstIndex(where: { $0.font === font }) {
            // Another library's font of the same id: found by identity among the few slots.
            slot = known
        } else {
            slot = slots.count
            // A colour face is never embedded: its text is written invisible, in simple fonts.
            slots.append(EmbeddedFontGlyphs(font: font, simple: font.hasColorBitmaps || Self.isWrittenInSimpleFonts(font),
                                            invisible: font.hasColorBitmaps, slot: slot, history: history))
            history?.note(.slot(font, given: slot))
            resourcesOfSlot.append([])
            if font.id >= slotsByFontID.count { slotsByFontID.resize(to: font.id + 1, with: -1) }
            if slotsByFontID[font.id] < 0 { slotsByFontID[font.id] = slot }
        }
        lastFont = font
        lastSlot = slot
        return slot
    }

    /// Whether `font` is written in simple fonts: TrueType outlines (`glyf`), whose codes reach
    /// their glyphs through the cmap the subset is given (`FontSubset`), or a name-keyed CFF,
    /// whose codes reach them by name (`/Differences`). A CID-keyed CFF (Noto CJK's) has no
    /// names, and a CJK text more pairs than a few simple fonts hold: it stays `/Identity-H`.
    private static func isWrittenInSimpleFonts(_ font: Font) -> Bool {
        let tables = OpenTypeTables(face: hb_font_get_face(font.harfBuzzFont))
        return tables.has("glyf") || CFFTopDict.isCIDKeyed(tables.table("CFF ")) == false
    }

    /// What the slot's face drew, to be asked glyph by glyph without going through the slot
    /// each time (the text writer holds it for a run).
    func glyphs(in slot: Int) -> EmbeddedFontGlyphs {
        slots[slot]
    }

    /// The resource of the slot's font `font` (0 for an `/Identity-H` face's one font), made on
    /// first use: 0, 1, 2… in that order.
    func resource(slot: Int, font: Int) -> Int {
        if font < resourcesOfSlot[slot].count { return resourcesOfSlot[slot][font] }
        while resourcesOfSlot[slot].count <= font {
            resourcesOfSlot[slot].append(resources.count)
            resources.append((slot, resourcesOfSlot[slot].count - 1))
        }
        history?.note(.resource(slot: slot, font: font, given: resourcesOfSlot[slot][font]))
        return resourcesOfSlot[slot][font]
    }

    /// The resource's name in a page's `/Font` resources, with its slash: "/TS0". Cairo names
    /// its fonts `/f-0-0`, so the two never clash.
    func resourceName(of resource: Int) -> String {
        "/TS\(resource)"
    }

    /// The width `glyph` has in the slot's fonts' `/Widths` (or `/W`), in thousandths of an em:
    /// exactly the value written there (`EmbeddedFontGlyphs.width(advance:unitsPerEm:)`).
    func width(of glyph: UInt32, in slot: Int) -> Double {
        slots[slot].width(of: glyph)
    }

    /// The code `glyph` is written with when drawn as the text `utf8` (a cluster of one glyph;
    /// nil: inside an ActualText span), recorded as drawn: see `EmbeddedFontGlyphs.code`. The
    /// first text a glyph is drawn with is its own text (Cairo's rule).
    func code(of glyph: UInt32, in slot: Int, as utf8: UnsafeBufferPointer<UInt8>?) -> GlyphCode {
        slots[slot].code(of: glyph, as: utf8)
    }

    /// Every resource's font, subset, nil for one that drew nothing; made once, so that the
    /// file's version (`minimumPDFVersion`) is known before its header is written. Throws
    /// `FinishingError` when a font cannot be read or subset.
    func subsets() throws -> [(any PDFFontObjects)?] {
        if let subsetsMade { return subsetsMade }
        let made: [(any PDFFontObjects)?] = try resources.map { resource in
            let glyphs = slots[resource.slot]
            guard glyphs.drewAnything else { return nil }
            if glyphs.isInvisible { return InvisibleFontObjects(glyphs: glyphs, font: resource.font) }
            return try EmbeddedFontObjects(glyphs: glyphs, font: resource.font)
        }
        if made.contains(where: { $0?.isOpenTypeProgram == true }) { minimumPDFVersion = "1.6" }
        subsetsMade = made
        return made
    }

    private var subsetsMade: [(any PDFFontObjects)?]?

    /// Writes every resource's font that drew a glyph into `writer` (the finishing step's);
    /// returns, per resource, the number of its font dictionary, nil for one that drew nothing.
    func embed(into writer: PDFStreamingWriter) throws -> [Int?] {
        try subsets().map { try $0?.write(into: writer) }
    }
}
