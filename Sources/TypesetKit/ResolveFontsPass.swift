import Diagnostics
import Fonts
import Markup
import Text

/// Pass 2: the faces the document asks for, a warning at each request that gets a stand-in,
/// and fallback faces for the characters they lack (a warning for each that no face has).
struct ResolveFontsPass {
    var options: TypesetOptions
    /// The library of the run before, when the runs keep one (`typeset watch`).
    var kept: KeptBetweenRuns?

    /// Throws when the fonts folder cannot be found: the installation's problem, not the document's.
    func run(_ document: MarkupDocument) throws -> PassResult<FontTableBuilder> {
        guard let directory = options.fontsDirectory ?? FontLibrary.locateBundledFonts() else {
            throw DocumentFailure([.error("cannot find the bundled fonts folder; set TYPESET_FONTS to it")])
        }
        var diagnostics: [Diagnostic] = []
        var fonts: FontTableBuilder
        do {
            fonts = try FontTableBuilder(library: try library(in: directory))
            // A missing family is reported once, where it is first asked for: a `<b>` in text
            // of that family asks for it again without naming it.
            var missingFamilies: Set<String> = []
            // The families there are, listed at the first one missing and searched for each.
            var suggestions: FamilyNameSuggestion?
            for request in document.fontRequests {
                guard let substitution = try fonts.add(request.descriptor) else { continue }
                if substitution.reason == .familyMissing, !missingFamilies.insert(request.family.lowercased()).inserted { continue }
                var message = describe(substitution, of: request)
                if substitution.reason == .familyMissing {
                    let families = suggestions ?? FamilyNameSuggestion(families: fonts.library.familyNames().all)
                    suggestions = families
                    message += nearestFamilies(to: substitution, of: request, among: families)
                }
                diagnostics.append(.warning(message, at: request.location, sourceLine: request.sourceLine))
            }
        } catch let error as FontError {
            return PassResult(nil, diagnostics: diagnostics + [.error("\(error)")])
        }
        for missing in fonts.addFallbacks(for: document.text) {
            diagnostics.append(document.sourceMap.diagnostic(.warning, missing.warning, atTextOffset: missing.firstOffset))
        }
        return PassResult(fonts, diagnostics: diagnostics)
    }

    /// The fonts of `directory` and the options' font paths, with the options' body face as
    /// the stand-in: the kept library when it is that one, else a new one.
    private func library(in directory: String) throws -> FontLibrary {
        let made = { try FontLibrary(fontsDirectory: directory, bodyFamily: options.fontFamily, extraDirectories: options.fontPaths) }
        guard let kept else { return try made() }
        return try kept.library(like: FontLibraryPlaces(fontsDirectory: directory, bodyFamily: options.fontFamily,
                                                        extraDirectories: options.fontPaths), made: made)
    }

    /// A face a tag asked for is a "font face" at that tag; one no tag asked for (the text's
    /// default family, from `--font`) has no location and is a "font". Under `--strict` the
    /// stand-in is not used, and the message says it was refused.
    private func describe(_ substitution: FontSubstitution, of request: FontRequest) -> String {
        let strict = options.strict
        func standIn(_ face: String) -> String { strict ? "the stand-in \(face) is refused" : "using \(face) instead" }
        switch substitution.reason {
        case .familyMissing:
            let what = request.location == nil ? "font" : "font face"
            return "\(what) \"\(request.family.clipped)\" not found; " + standIn("\"\(substitution.font.familyName)\"")
        case .lacksStyle:
            return "font \"\(request.family.clipped)\" has no \(request.descriptor) face; \(standIn(substitution.font.displayName)) (styles are never faked)"
        }
    }

    /// For a family not found, the one it was probably meant as (` (did you mean face="Liberation
    /// Sans" weight="bold"?)`: `FamilyNameSuggestion`), else the families there are with the
    /// nearest names, as the fonts command lists them (` (nearest: "Liberation Sans", …)`), or
    /// where to look.
    private func nearestFamilies(to substitution: FontSubstitution, of request: FontRequest, among families: FamilyNameSuggestion) -> String {
        if let meant = families.suggestion(for: substitution.requested.family, asAttributes: request.location != nil) {
            return " (did you mean \(meant)?)"
        }
        let nearest = Suggestion.nearest(to: substitution.requested.family, among: families.families, limit: 3)
        guard !nearest.isEmpty else { return " (`typesetter fonts` lists the families there are)" }
        return " (nearest: \(nearest.map { "\"\($0)\"" }.joined(separator: ", ")); `typesetter fonts` lists them all)"
    }
}

extension UncoveredCharacter {
    /// "no installed font has U+E000 (private use); it prints as an empty box (3 times)".
    var warning: String {
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let name = scalar.properties.name.map { " \($0)" }
            ?? (scalar.properties.generalCategory == .privateUse ? " (private use)" : " (unassigned)")
        let times = count > 1 ? " (\(count) times)" : ""
        return "no installed font has \(code)\(name); it prints as an empty box\(times)"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
