import CFontconfig
import Foundation

/// A fontconfig configuration: either the project's bundled fonts alone, or the system's
/// fonts, each with the bundled alias rules (`fonts/fonts.conf`) loaded.
final class FontconfigConfiguration: @unchecked Sendable {
    let config: OpaquePointer

    /// Configurations are built one at a time, whichever thread asks. Lookups in a built
    /// configuration are safe from any thread, as fontconfig documents; building one reads and
    /// may write fontconfig's cache files and fills its process-wide list of caches, and
    /// serialising that costs a few milliseconds per document (docs/pipeline.md, "Batches").
    static let building = NSLock()

    /// Only the fonts in `directory` and the user's `extraDirectories` (`--font-path`), so that
    /// a bundled or named face wins whatever the machine has.
    static func bundled(directory: String, extraDirectories: [String] = [], aliases: String?) throws -> FontconfigConfiguration {
        for folder in [directory] + extraDirectories {
            if let entry = FontFolderEntries.firstUnreadable(in: folder) {
                throw FontError.fontconfig("the font folder \(folder) holds \(entry.path), \(entry.kind), which a font folder must not: "
                    + "fonts are read from regular files only; remove it")
            }
        }
        building.lock()
        defer { building.unlock() }
        guard let config = FcConfigCreate() else { throw FontError.fontconfig("cannot create a configuration") }
        let wrapper = FontconfigConfiguration(config: config)
        if let aliases { try wrapper.load(aliases) }
        guard FcConfigAppFontAddDir(config, directory) == FcTrue else { throw FontError.noFonts(directory: directory) }
        for extra in extraDirectories where FcConfigAppFontAddDir(config, extra) != FcTrue {
            throw FontError.fontconfig("cannot read the font folder \(extra)")
        }
        FcConfigBuildFonts(config)
        return wrapper
    }

    /// The machine's fonts, for faces the bundle does not have.
    static func system(aliases: String?) throws -> FontconfigConfiguration {
        building.lock()
        defer { building.unlock() }
        guard let config = FcInitLoadConfigAndFonts() else { throw FontError.fontconfig("cannot load the system configuration") }
        let wrapper = FontconfigConfiguration(config: config)
        if let aliases { try wrapper.load(aliases) }
        return wrapper
    }

    private init(config: OpaquePointer) {
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    private func load(_ file: String) throws {
        guard FcConfigParseAndLoad(config, file, FcTrue) == FcTrue else {
            throw FontError.fontconfig("cannot read \(file)")
        }
    }

    /// Families fontconfig considers the same request as `family` (the name itself and the
    /// aliases it expands to, up to the first generic family it falls back on).
    struct Match {
        var path: String
        var faceIndex: Int
        var families: [String]
        var acceptedFamilies: [String]
        /// fontconfig's weight (FC_WEIGHT_*) and slant (FC_SLANT_*) of the face found.
        var weight: Int32
        var slant: Int32

        var isRequestedFamily: Bool {
            let accepted = Set(acceptedFamilies.map { $0.lowercased() })
            return families.contains { accepted.contains($0.lowercased()) }
        }
    }

    private static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "sans", "monospace", "mono", "cursive", "fantasy", "emoji", "math", "system-ui",
    ]

    func match(family: String, weight: Int, italic: Bool) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)

        // The requested family is bound strongly; aliases that stand for the same design
        // (`binding="same"`) too. Weakly bound names are mere fallbacks (the configuration's
        // favourite sans, say) and do not count as finding the family.
        var accepted: [String] = []
        var index: Int32 = 0
        var familyValue = FcValue()
        var binding = FcValueBindingWeak
        while FcPatternGetWithBinding(pattern, FC_FAMILY, index, &familyValue, &binding) == FcResultMatch {
            index += 1
            guard familyValue.type == FcTypeString, let string = familyValue.u.s else { continue }
            let name = String(cString: string)
            if Self.genericFamilies.contains(name.lowercased()) { break }
            if binding == FcValueBindingStrong || binding == FcValueBindingSame { accepted.append(name) }
        }
        var value: UnsafeMutablePointer<FcChar8>?

        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var faceIndex: Int32 = 0
        FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
        var foundWeight: Int32 = FC_WEIGHT_REGULAR
        FcPatternGetInteger(font, FC_WEIGHT, 0, &foundWeight)
        var foundSlant: Int32 = FC_SLANT_ROMAN
        FcPatternGetInteger(font, FC_SLANT, 0, &foundSlant)
        var families: [String] = []
        index = 0
        while FcPatternGetString(font, FC_FAMILY, index, &value) == FcResultMatch, let value {
            families.append(String(cString: value))
            index += 1
        }
        return Match(path: String(cString: file), faceIndex: Int(faceIndex), families: families, acceptedFamilies: accepted,
                     weight: foundWeight, slant: foundSlant)
    }
}
