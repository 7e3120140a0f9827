import Diagnostics

/// A style sheet (`<import src="house.tss">`, `typeset --style house.tss`): a file of
/// declarations only, read as markup into the importing document's declarations. One kind of
/// declaration more is one tag in `declarationTags` and, when it is kept apart from the
/// named styles, the rules and the `<meta>` defaults, one field in `SheetDeclarations`.
enum StyleSheet {
    /// The tags a style sheet may hold (with comments and white space).
    static let declarationTags: Set<String> = ["style", "swatch", "meta", "rule", "import", "master"]

    /// A sheet larger than this is refused: declarations take kilobytes.
    static let maximumSize = 16 << 20

    /// The tags, as a message lists them.
    static var declarationTagList: String {
        declarationTags.sorted().map { "<\($0)>" }.joined(separator: ", ")
    }
}

/// What a style sheet declares, carried from the importing file's parse into the sheet's and
/// back: a sheet sees the declarations before its `<import>`, and those after it see the sheet's.
struct SheetDeclarations {
    var namedStyles: NamedStyles
    /// The swatches declared, in order: a house sheet's inks are its documents' colours.
    var swatches: [Swatch]
    var rules: [MarkupRule]
    var meta: DocumentMeta
    /// Masters a sheet declared with errors (see MasterTags).
    var undeclaredMasters: Set<String>
    /// Where sheets made the definitions in force, for the warning when another sheet replaces one.
    var definitions: SheetDefinitions
}

/// Where the definitions in force were made, by kind and name ("style caption",
/// "meta header"), so that a sheet replacing another sheet's definition says so. The document
/// itself replaces any definition silently: it has the last word on its own look. A file an
/// issue includes (`<include>`) does not: the definitions of the files including it win, as
/// an InDesign book's style source does over its documents.
struct SheetDefinitions {
    private var places: [String: (location: SourceLocation, bySheet: Bool)] = [:]
    /// The definitions of the files including the one read, which it cannot replace.
    private var includers: [String: SourceLocation] = [:]

    /// Notes that `key` is now defined at `location`, in a sheet or not; returns where a sheet
    /// defined it before, when a sheet replaces a sheet's definition.
    mutating func define(_ key: String, at location: SourceLocation, bySheet: Bool) -> SourceLocation? {
        let replaced = places[key]
        places[key] = (location, bySheet)
        guard bySheet, let replaced, replaced.bySheet else { return nil }
        return replaced.location
    }

    /// Where a file including the one read defined `key`, when one did.
    func includersDefinition(of key: String) -> SourceLocation? {
        includers[key]
    }

    /// The definitions in force become the includers', for a file about to be included.
    mutating func keepForInclude() {
        for (key, place) in places { includers[key] = place.location }
    }
}

extension ParseState {
    /// The declarations in force, as a sheet takes them in and gives them back.
    var sheetDeclarations: SheetDeclarations {
        get { SheetDeclarations(namedStyles: namedStyles, swatches: values.swatches.all, rules: rules, meta: meta,
                                  undeclaredMasters: undeclaredMasters, definitions: sheetDefinitions) }
        set {
            namedStyles = newValue.namedStyles
            // Those already here are repeated, the same inks: the sheet read them from here,
            // and its clashes were errors in it.
            for swatch in newValue.swatches { _ = values.swatches.declare(swatch) }
            rules = newValue.rules
            meta = newValue.meta
            undeclaredMasters = newValue.undeclaredMasters
            sheetDefinitions = newValue.definitions
        }
    }

    /// Notes a definition of `key` at `offset`, and warns there when it replaces one a sheet
    /// made, unless it is the document's own (see `SheetDefinitions`).
    mutating func noteDefinition(_ key: String, what: String, at offset: Int) {
        guard let replaced = sheetDefinitions.define(key, at: diagnostics.source.location(of: offset), bySheet: isStyleSheet) else { return }
        diagnostics.warning("\(what) replaces the one defined at \(replaced.file):\(replaced.line)", at: offset)
    }

    /// Whether a file including the one read defined `key`: its definition wins, and the one
    /// at `offset` is ignored with a warning there.
    func includerKeepsDefinition(_ key: String, what: String, at offset: Int) -> Bool {
        guard let kept = sheetDefinitions.includersDefinition(of: key) else { return false }
        diagnostics.warning("\(what) is ignored: the including document defines it at \(kept.file):\(kept.line), and its definition wins",
                            at: offset)
        return true
    }
}
