import CHarfBuzz
import CZlib

/// A font file cut down to the glyphs a PDF draws with it, by hb-subset (HarfBuzz's
/// subsetter), as an embedded font program (ISO 32000-1, 9.9).
///
/// Glyph IDs are retained (`HB_SUBSET_FLAGS_RETAIN_GIDS`): the text writer writes each glyph as
/// the ID HarfBuzz shaped it to, and the CIDs of an Identity-H font are those IDs, so the
/// subset must keep them. The glyphs left out become empty, which costs a few bytes of
/// `loca` or of CFF's index per glyph below the highest drawn.
///
/// Hinting is dropped (`HB_SUBSET_FLAGS_NO_HINTING`): a PDF is drawn at every size and
/// resolution, where a reader gains little from TrueType instructions (poppler renders without
/// them by default), and they are half a hinted subset: Liberation Serif cut to the 82 glyphs
/// of the zombies magazine is 37,836 bytes with them, 20,784 without. The layout tables (GSUB,
/// GPOS, …) go too (19,948 bytes): a PDF reader draws glyphs by ID and never shapes.
///
/// A simple font's program (`codes` given): a TrueType one gets a cmap of its own, from its
/// one-byte codes to their glyphs (`CodeCmap`), through which a reader finds them; a CFF one is
/// the bare `CFF ` table (a Type 1C program), whose glyphs a reader finds by name.
struct FontSubset {
    enum Outlines {
        /// `glyf` outlines: a CIDFontType2 with the subset as `/FontFile2`.
        case trueType
        /// `CFF ` outlines: a CIDFontType0 with the subset as `/FontFile3 /Subtype /OpenType`.
        case cff
    }

    let bytes: [UInt8]
    let outlines: Outlines

    /// Tables a PDF reader has no use for: shaping, justification and the colour and
    /// variation tables of fonts `PDFEmbeddedFonts` does not embed anyway.
    private static let droppedTables: [StaticString] = [
        "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx", "feat", "DSIG", "meta",
    ]

    /// The subset of `face` (an `hb_face_t`) that keeps `glyphs` (and `.notdef`, glyph 0);
    /// with `codes`, its cmap is theirs (see the type's comment).
    init(face: OpaquePointer, glyphs: [UInt32], fontName: String, codes: [(code: UInt8, glyph: UInt32)]? = nil) throws {
        guard let input = hb_subset_input_create_or_fail() else {
            throw FinishingError("HarfBuzz could not start subsetting the font \(fontName)")
        }
        defer { hb_subset_input_destroy(input) }
        let glyphSet = hb_subset_input_glyph_set(input)
        for glyph in glyphs { hb_set_add(glyphSet, glyph) }
        let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for tag in Self.droppedTables { hb_set_add(dropped, OpenTypeTables.tag(tag)) }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue | HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        guard let subset = hb_subset_or_fail(face, input) else {
            throw FinishingError("HarfBuzz could not subset the font \(fontName) to the \(glyphs.count) glyphs drawn with it")
        }
        defer { hb_face_destroy(subset) }
        let tables = OpenTypeTables(face: subset)
        if tables.has("glyf") {
            outlines = .trueType
        } else if tables.has("CFF ") {
            outlines = .cff
        } else {
            throw FinishingError("the subset of the font \(fontName) has neither TrueType nor CFF outlines")
        }
        let blob = hb_face_reference_blob(subset)!
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            throw FinishingError("HarfBuzz made an empty subset of the font \(fontName)")
        }
        if let codes, outlines == .trueType {
            bytes = Self.replacingCmap(of: blob, with: CodeCmap(codes: codes).bytes)
        } else if codes != nil {
            bytes = tables.table("CFF ")
        } else {
            bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
        }
    }

    /// The font file `font` with its cmap replaced by `cmap`, every other table as it is. Read
    /// from the subset's bytes: the face hb-subset returns lists no tables.
    private static func replacingCmap(of font: OpaquePointer, with cmap: [UInt8]) -> [UInt8] {
        let face = hb_face_create(font, 0)!
        let builder = hb_face_builder_create()!
        defer { hb_face_destroy(builder); hb_face_destroy(face) }
        let cmapTag = OpenTypeTables.tag("cmap")
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            let total = hb_face_get_table_tags(face, start, &count, &tags)
            for tag in tags[..<Int(count)] where tag != cmapTag {
                let table = hb_face_reference_table(face, tag)
                hb_face_builder_add_table(builder, tag, table)
                hb_blob_destroy(table)
            }
            start += count
            if count == 0 || start >= total { break }
        }
        let table = cmap.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { hb_blob_create($0.baseAddress!, UInt32($0.count), HB_MEMORY_MODE_DUPLICATE, nil, nil) }
        }
        hb_face_builder_add_table(builder, cmapTag, table)
        hb_blob_destroy(table)
        let blob = hb_face_reference_blob(builder)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// The six capital letters before a subset font's name (ISO 32000-1, 9.6.4), made from
    /// the font's name and the glyphs kept: the same document gives the same tag, so the same
    /// bytes, and two subsets of one font in one file are told apart.
    static func tag(fontName: String, glyphs: [UInt32]) -> String {
        var checksum = crc32(0, nil, 0)
        let nameBytes = Array(fontName.utf8)
        checksum = crc32(checksum, nameBytes, uInt(nameBytes.count))
        let glyphBytes = glyphs.flatMap { [UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        checksum = crc32(checksum, glyphBytes, uInt(glyphBytes.count))
        var value = UInt64(checksum)
        var letters: [UInt8] = []
        for _ in 0 ..< 6 {
            letters.append(UInt8(ascii: "A") + UInt8(value % 26))
            value /= 26
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
