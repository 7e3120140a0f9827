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
/// the outer corner stays at the outer corner.
extension PageTemplate {
    public func items(of master: MasterPage, onPage number: Int) -> [PlacedMasterItem] {
        let reference = { (place: MasterPlace) -> Rect in
            place.reference == .page ? Rect(x: 0, y: 0, width: size.width, height: size.height) : textArea(ofPage: number)
        }
        return master.items.map { item in
            let area = reference(item.place)
            let local = item.place.resolved(inWidth: area.width, height: area.height)
            let x = isVerso(number) ? area.width - local.x - local.width : local.x
            return PlacedMasterItem(content: item.content,
                                    rect: Rect(x: area.minX + x, y: area.minY + local.y, width: local.width, height: local.height))
        }
    }

    /// The items of page `number` that reach into its text area, as shapes its text keeps out
    /// of: furniture is never under or over the text (InDesign's text wrap on a parent page's
    /// items), and keeps the gap a floated picture keeps.
    public func exclusions(for items: [PlacedMasterItem], onPage number: Int) -> [Exclusion] {
        let area = textArea(ofPage: number)
        return items.compactMap { item in
            let rect = item.rect
            guard rect.minX < area.maxX, rect.maxX > area.minX, rect.minY < area.maxY, rect.maxY > area.minY else { return nil }
            return Exclusion(.rectangle(rect), padding: PictureFloat.defaultMargin)
        }
    }
}
