import Layout
import Render

/// An overfull table is set past its column on purpose, and warned of at its `<table>` tag
/// (`TableWidthCheck`): what it covers there, or runs off the page with, is still a finding,
/// but named as that table's, so that the warning and the finding read as one fault.
extension DrawnPage {
    /// ", in a table set past its column (overfull: see the warning at its <table>)" when one of
    /// `glyphs` is drawn in such a table's rows; else "".
    func overfullTableNote(_ glyphs: Glyph...) -> String {
        let inOne = glyphs.contains { glyph in overfullTables.contains { $0.contains(glyph.ink, tolerance: glyph.size) } }
        return inOne ? ", in a table set past its column (overfull: see the warning at its <table>)" : ""
    }
}
