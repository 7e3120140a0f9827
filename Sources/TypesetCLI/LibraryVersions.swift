import Breaking
import CCairo
import CFreeType
import CHarfBuzz

/// The versions of the C libraries that shape, rasterise, draw and break the text, asked of
/// the libraries loaded now, not of the headers built against: a system update can change them
/// under the same binary.
enum LibraryVersions {
    static var running: [(name: String, version: String)] {
        [("HarfBuzz", String(cString: hb_version_string())),
         ("FreeType", freeType),
         ("Cairo", String(cString: cairo_version_string())),
         ("ICU", BreakOpportunities.icuVersion)]
    }

    /// FreeType tells its version through a library instance only.
    private static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
