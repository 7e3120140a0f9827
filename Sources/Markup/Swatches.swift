import Diagnostics
import Text

/// A named colour declared once (`<swatch>`) and used by its name wherever a colour is taken,
/// as a designer's swatches are: the house colours in one place.
public struct Swatch: Hashable, Sendable {
    public var name: String
    public var ink: PrintedInk

    public init(name: String, ink: PrintedInk) {
        self.name = name
        self.ink = ink
    }

    /// The colour the swatch paints at full strength.
    public var color: Color { ProcessInkLook.color(printed: ink) }
}

/// The swatches declared so far, by name (any case, as colour names), and the tint of the tag
/// being read, which applies to the swatches its colours name (`tint="40%"`). A class: the
/// parse state declares, every `ValueReader` copy looks up.
final class SwatchBook {
    private var byKey: [String: Swatch] = [:]
    private(set) var names: [String] = []
    /// The `tint` of the tag whose attributes are being read, 0...1; 1 when it has none.
    var tintOfTag = 1.0

    /// Another book with the swatches this one has now, for a parse going on from here.
    func copy() -> SwatchBook {
        let copy = SwatchBook()
        (copy.byKey, copy.names, copy.tintOfTag) = (byKey, names, tintOfTag)
        return copy
    }

    subscript(name: String) -> Swatch? { byKey[name.lowercased()] }

    /// Every swatch, in the order declared (what a style sheet gives back to its importer).
    var all: [Swatch] { names.compactMap { self[$0] } }

    /// What declaring `swatch` does: it is new, it repeats one of the same name and inks
    /// (nothing changes, as InDesign merges a swatch imported twice), or it clashes with one
    /// of the same name and other inks, which keeps its inks.
    enum Declaration: Equatable {
        case declared, repeated
        case clashes(with: Swatch)
    }

    func declare(_ swatch: Swatch) -> Declaration {
        let key = swatch.name.lowercased()
        if let existing = byKey[key] { return existing.ink == swatch.ink ? .repeated : .clashes(with: existing) }
        byKey[key] = swatch
        names.append(swatch.name)
        return .declared
    }

    /// Forgets the swatches declared after the first `count`: an included article's own,
    /// once its text is read (see IncludeTag).
    func forgetAll(after count: Int) {
        for name in names[count...] { byKey[name.lowercased()] = nil }
        names.removeSubrange(count...)
    }

    /// The swatch a colour value names, tinted by the tag's tint.
    func color(named name: String) -> Color? {
        self[name].map { ProcessInkLook.color(printed: $0.ink.tinted(tintOfTag)) }
    }
}
