import Layout
import Text

/// The tint behind one band of a section with a background (`<section background>`) on a
/// page, in page coordinates: drawn first, under the band's text, its pictures and its rules.
public struct SectionTint: Hashable, Sendable {
    /// The section's place among the document's sections, from 1.
    public var section: Int
    public var color: Color
    /// Where it is drawn when it does not bleed: across the section's columns and gutters,
    /// from its first line's or floated element's top to its last one's bottom,
    /// `SectionTints.padding` more each way.
    public var rect: Rect
    /// The band's own rectangle: its columns' containers and the pictures on its tint, whose
    /// edges say which edges of the text area the band stands on (the ones a bleeding tint
    /// may push out).
    public var band: Rect
    /// Whether the section asked to bleed (`bleed="true"`).
    public var bleeds: Bool
    /// Where it is drawn when it runs off the page; nil when it does not bleed, or stands on
    /// no edge of the text area.
    public var bled: Rect?

    public init(section: Int, color: Color, rect: Rect, band: Rect, bleeds: Bool, bled: Rect? = nil) {
        self.section = section
        self.color = color
        self.rect = rect
        self.band = band
        self.bleeds = bleeds
        self.bled = bled
    }

    /// The rectangle it is drawn in.
    public var drawn: Rect { bled ?? rect }
}

/// Where a section's tint goes on a page.
enum SectionTints {
    /// The tint's room round the band's text, on every side: the padding a box with a
    /// background gets (`BoxStyle`'s 6 pt), so that a tinted section and a tinted aside look
    /// alike. It lies outside the text's room, so no line moves: above and below it takes 6 pt
    /// of the gap between bands (the page's gutter, 18 pt, and more) or of the margin; at the
    /// sides, 6 pt of the margin, so the text does not stand on the tint's edge.
    static let padding = 6.0

    /// The tint of the band whose columns are `frames`, running `across` the page as its
    /// section's columns do (a short text balanced into the first of two leaves the second
    /// empty, and the tint covered only the first): behind its lines, its floats and the
    /// pictures and boxes across its columns at the page's top or foot that stand on it
    /// (`pictures`: a top picture stood above the tint with white between) — all the
    /// section's (a figure its section left waiting, placed at the next page's top in a band of
    /// its own, stands on the section's tint as it would have on its own page); nil when the
    /// band holds none of them.
    static func tint(beside frames: ArraySlice<Frame>, across columns: HorizontalSpan, under pictures: [Rect],
                     section: SectionStyle) -> SectionTint? {
        guard let color = section.background else { return nil }
        var top = Double.infinity, bottom = -Double.infinity
        for line in frames.flatMap(\.lines) {
            top = min(top, line.origin.y - line.ascent)
            bottom = max(bottom, line.origin.y + line.descent)
        }
        for element in frames.flatMap(\.floats).map(\.rect) + pictures {
            top = min(top, element.minY)
            bottom = max(bottom, element.maxY)
        }
        guard top < bottom else { return nil }
        let bandEdges = frames.map(\.container.rect) + pictures
        let bandTop = bandEdges.map(\.minY).min() ?? top, bandBottom = bandEdges.map(\.maxY).max() ?? bottom
        return SectionTint(section: section.number, color: color,
                           rect: Rect(x: columns.minX - padding, y: top - padding, width: columns.width + 2 * padding,
                                      height: bottom - top + 2 * padding),
                           band: Rect(x: columns.minX, y: bandTop, width: columns.width, height: bandBottom - bandTop),
                           bleeds: section.bleeds)
    }
}

extension SectionTint {
    /// The tint run off the page by the one rule (`Rect.bled`): each edge of its band that
    /// stands on the text area's edge goes out to the page's edge and past it by the bleed;
    /// the others keep the tint's own edge. Nil when no edge moved.
    func bled(by template: PageTemplate, ofPage number: Int) -> Rect? {
        let reach = template.bled(band, toward: [.top, .bottom, .sides], ofPage: number)
        let left = reach.minX < band.minX ? reach.minX : rect.minX
        let right = reach.maxX > band.maxX ? reach.maxX : rect.maxX
        let top = reach.minY < band.minY ? reach.minY : rect.minY
        let bottom = reach.maxY > band.maxY ? reach.maxY : rect.maxY
        guard reach != band else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
