import CFontconfig
import Foundation

/// The family names a fontconfig configuration can give, for `typeset fonts` and for the hint
/// at a family that is not found: what `--font` and `face` accept, bundled, the user's
/// folders' (`--font-path`) and the system's apart.
extension FontconfigConfiguration {
    /// Every family name of every face, with the file of the face.
    func families() -> [(family: String, file: String)] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        FcObjectSetAdd(objects, FC_FILE)
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var found: [(family: String, file: String)] = []
        for index in 0 ..< Int(list.pointee.nfont) {
            guard let face = list.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(face, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            var nameIndex: Int32 = 0
            while FcPatternGetString(face, FC_FAMILY, nameIndex, &value) == FcResultMatch, let value {
                found.append((String(cString: value), String(cString: file)))
                nameIndex += 1
            }
        }
        return found
    }
}

/// The families a `FontLibrary` can give, each once, sorted as a reader looks one up.
public struct FontFamilies: Sendable {
    /// Those of the bundled fonts.
    public var bundled: [String]
    /// Those of the folders `--font-path` added that the bundle lacks.
    public var extra: [String]
    /// The system's that neither has (they win over it).
    public var system: [String]

    public var all: [String] { bundled + extra + system }
}

extension FontLibrary {
    /// The families, listed once a library: its configurations do not change.
    public func familyNames() -> FontFamilies {
        if let listedFamilies { return listedFamilies }
        let own = bundled.families()
        let bundledFolder = URL(fileURLWithPath: fontsDirectory).standardizedFileURL.path + "/"
        let isBundled = { (file: String) in URL(fileURLWithPath: file).standardizedFileURL.path.hasPrefix(bundledFolder) }
        let bundledNames = Self.sortedOnce(own.filter { isBundled($0.file) }.map(\.family), leaving: [])
        let extraNames = Self.sortedOnce(own.filter { !isBundled($0.file) }.map(\.family), leaving: bundledNames)
        let systemNames = Self.sortedOnce((system?.families() ?? []).map(\.family), leaving: bundledNames + extraNames)
        let families = FontFamilies(bundled: bundledNames, extra: extraNames, system: systemNames)
        listedFamilies = families
        return families
    }

    /// `names` each once (whatever their case), less those in `taken`, sorted.
    private static func sortedOnce(_ names: [String], leaving taken: [String]) -> [String] {
        var seen = Set(taken.map { $0.lowercased() })
        return names.filter { seen.insert($0.lowercased()).inserted }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}
