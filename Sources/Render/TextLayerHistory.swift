import Fonts

/// The changes a page made to the state the text layer (`PDFTextLayer`) shares between pages:
/// its fonts' slots and resources, the codes and texts their glyphs were given, the glyphs
/// drawn (`PDFEmbeddedFonts`, `EmbeddedFontGlyphs`), and its graphics states
/// (`TextLayerGraphicsStates`). Each is numbered or given in the order first asked for, so a
/// page's stream depends on all the pages before it through this state alone: a page drawn
/// again from the same state writes the same bytes and makes the same changes.
///
/// A change is recorded only when a call changes the state (a glyph's first text, a font's
/// first use), a few hundred a page at most, as the call that made it and what it gave (a slot,
/// a resource, a code, a number), so that the same call made again from the same state changes
/// it alike (`KeptTextLayerPages` replays a kept page's changes instead of drawing its text,
/// and checks that each gives what it gave). What the state holds is what its calls gave —
/// which code each glyph and text has, which slot each font — not the order they were made in
/// (a simple font's next free code is the first its given codes leave free): two runs whose
/// pages made the same changes in another order hold the same state.
/// The drawing thread's alone.
final class TextLayerHistory {
    enum Change: Equatable {
        /// `PDFEmbeddedFonts.slot(for:)` made the font's slot.
        case slot(Font, given: Int)
        /// `PDFEmbeddedFonts.resource(slot:font:)` made a resource.
        case resource(slot: Int, font: Int, given: Int)
        /// `EmbeddedFontGlyphs.code(of:as:mayBeItsOwnText:)` of the slot gave a text, a code, or
        /// drew a glyph for the first time.
        case code(slot: Int, glyph: UInt32, text: [UInt8]?, mayBeItsOwnText: Bool, given: GlyphCode)
        /// `EmbeddedFontGlyphs.continuationCode(as:)` of the slot did.
        case continuation(slot: Int, text: [UInt8], given: GlyphCode?)
        /// `TextLayerGraphicsStates.set` numbered a paint.
        case paint(TextLayerGraphicsStates.Paint, given: Int)

        var scope: Scope {
            switch self {
            case .slot, .resource: .fonts
            case .code(let slot, _, _, _, _), .continuation(let slot, _, _): .glyphs(slot: slot)
            case .paint: .paints
            }
        }

        static func == (left: Change, right: Change) -> Bool {
            switch (left, right) {
            case let (.slot(a, b), .slot(c, d)): a === c && b == d
            case let (.resource(a, b, c), .resource(d, e, f)): a == d && b == e && c == f
            case let (.code(a, b, c, d, e), .code(f, g, h, i, j)): a == f && b == g && c == h && d == i && e == j
            case let (.continuation(a, b, c), .continuation(d, e, f)): a == d && b == e && c == f
            case let (.paint(a, b), .paint(c, d)): a == c && b == d
            default: false
            }
        }
    }

    /// What a change numbers from: the changes of one scope are given numbers or codes in the
    /// order met, so two of one scope may give each other's; two of different scopes never do.
    enum Scope: Hashable {
        /// Fonts' slots and their resources.
        case fonts
        /// One slot's codes and texts.
        case glyphs(slot: Int)
        /// Graphics states.
        case paints
    }

    /// Whether `changes`, made again in a state holding `others` besides the state they were
    /// made in, give what they gave and leave the rest as it was: none of them numbers from
    /// a scope `others` changed.
    static func changes(_ changes: [Change], areApartFrom others: [Change]) -> Bool {
        guard !others.isEmpty, !changes.isEmpty else { return true }
        let scopes = Set(others.map(\.scope))
        return !changes.contains { scopes.contains($0.scope) }
    }

    /// Whether `left` and `right` are the same changes, in any order.
    static func sameChanges(_ left: [Change], _ right: [Change]) -> Bool {
        guard left.count == right.count else { return false }
        if left == right { return true }
        // A page's changes are few: matched one by one.
        var matched = [Bool](repeating: false, count: right.count)
        for change in left {
            guard let index = right.indices.first(where: { !matched[$0] && right[$0] == change }) else { return false }
            matched[index] = true
        }
        return true
    }

    /// The changes made since the page began.
    private(set) var ofThePage: [Change] = []

    func note(_ change: Change) {
        ofThePage.append(change)
    }

    /// A page begins: its changes are recorded from none.
    func beginPage() {
        ofThePage.removeAll(keepingCapacity: true)
    }
}
