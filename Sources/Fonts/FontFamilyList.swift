import CFontconfig
import Foundation

/// The family names a fontconfig configuration can give, for `typeset fonts`: what `--font`
/// and `face` accept, bundled and system apart.
extension FontconfigConfiguration {
    /// Every family name of every face, each once, sorted as a reader looks one up.
    func familyNames() -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var names = Set<String>()
        for index in 0 ..< Int(list.pointee.nfont) {
            guard let face = list.pointee.fonts[index] else { continue }
            var value: UnsafeMutablePointer<FcChar8>?
            var nameIndex: Int32 = 0
            while FcPatternGetString(face, FC_FAMILY, nameIndex, &value) == FcResultMatch, let value {
                names.insert(String(cString: value))
                nameIndex += 1
            }
        }
        return names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}

extension FontLibrary {
    /// The families of the bundled fonts, and those of the system's that the bundle lacks.
    public func familyNames() -> (bundled: [String], system: [String]) {
        let bundledNames = bundled.familyNames()
        let known = Set(bundledNames.map { $0.lowercased() })
        return (bundledNames, (system?.familyNames() ?? []).filter { !known.contains($0.lowercased()) })
    }
}
