import Layout
import Text

/// A master's item on one page: what it prints and the rectangle it prints in, in points from
/// the page's top-left corner.
public struct PlacedMasterItem: Sendable {
    public var content: MasterItem.Content
    public var rect: Rect
}

/// Where a page's master puts its furniture, and the room it takes from the text.
///
/// An item stands where its place says, measured in the page or in its text area, as on a
/// right-hand page; on the left-hand pages of facing pages it is mirrored left to right inside
/// that reference, as the running heads' parts are (fancyhdr's `[LE,RO]`), so that a logo at
/// the outer corner stays at the outer corner. A tint that reaches the paper's edge runs on
/// into the sheet's bleed, as a section's tint that bleeds does, or trimming would leave a
/// white hairline there.
extension PageTemplate {
    public func items(of master: MasterPage, onPage number: Int) -> [PlacedMasterItem] {
        let paper = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let reach = Rect(x: -bleed, y: -bleed, width: size.width + 2 * bleed, height: size.height + 2 * bleed)
        return master.items.map { item in
            let area = item.place.reference == .page ? paper : textArea(ofPage: number)
            let local = item.place.resolved(inWidth: area.width, height: area.height)
            let x = isVerso(number) ? area.width - local.x - local.width : local.x
            var rect = Rect(x: area.minX + x, y: area.minY + local.y, width: local.width, height: local.height)
            if case .tint = item.content { rect = rect.bled([.top, .bottom, .sides], from: paper, to: reach) }
            return PlacedMasterItem(content: item.content, rect: rect)
        }
    }

    /// The pictures and rules of page `number` that reach into its text area, as shapes its
    /// text keeps out of: they are never under or over the text (InDesign's text wrap on a
    /// parent page's items), and keep the gap a floated picture keeps. A tint is not one: it
    /// lies under the text, as a section's background does (a page-high tint would otherwise
    /// leave no room, and the text would be set over the rules as well).
    public func exclusions(for items: [PlacedMasterItem], onPage number: Int) -> [Exclusion] {
        let area = textArea(ofPage: number)
        return items.compactMap { item in
            if case .tint = item.content { return nil }
            let rect = item.rect
            guard rect.minX < area.maxX, rect.maxX > area.minX, rect.minY < area.maxY, rect.maxY > area.minY else { return nil }
            return Exclusion(.rectangle(rect), padding: PictureFloat.defaultMargin)
        }
    }
}
