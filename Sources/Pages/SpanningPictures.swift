import Layout
import Text

/// A spanning picture (`<img float="top" span="…">`) placed on a page: where it is drawn, and
/// the offset of its character, which is on this page or an earlier one.
public struct PlacedPicture: Hashable, Sendable {
    public var rect: Rect
    public var image: ImageAttachment
    public var anchor: Int

    public var edge: SpanningPicture.Edge { image.spanning?.edge ?? .top }
}

/// A spanning picture's character in the text.
struct SpanningAnchor: Hashable {
    var index: Int
    var image: ImageAttachment
    var picture: SpanningPicture
}

/// Stacks spanning pictures at the top and bottom of one page's text area, and says what room
/// they leave the columns.
struct PictureReservation {
    let template: PageTemplate
    let page: Int
    let text: AttributedText

    /// Room always left to the text beside pictures, so that a page of them still takes lines.
    static let textRoom = 48.0

    var area: Rect { template.textArea(ofPage: page) }

    /// The picture's rectangle, `width` wide from the text area's left: its spanned columns of
    /// the section its anchor is in (or the page's), and as tall as its proportions say, made
    /// smaller (proportions kept) when it would leave the text less than `textRoom`.
    func size(of anchor: SpanningAnchor) -> Size {
        let section = text.paragraphStyle(at: anchor.index).section
        let count = section?.columns ?? template.columns
        let gutter = section?.gutter ?? template.gutter
        var width = area.width
        if let spanned = anchor.picture.columns, spanned < count {
            let column = template.columnWidth(columns: count, gutter: gutter)
            width = Double(spanned) * column + Double(spanned - 1) * gutter
        }
        let tallest = max(1, area.height - template.gutter - Self.textRoom)
        let height = min(width / anchor.picture.aspect, tallest)
        return Size(width: height * anchor.picture.aspect, height: height)
    }

    /// `anchors` in turn, each placed below the pictures already at the top or above those at
    /// the bottom, a gutter apart, while they leave the text `textRoom`: those placed, and the
    /// first that did not fit with all after it. The first always fits.
    func place(_ anchors: [SpanningAnchor]) -> (placed: [PlacedPicture], left: [SpanningAnchor]) {
        var placed: [PlacedPicture] = []
        var top = area.minY, bottom = area.maxY
        for (number, anchor) in anchors.enumerated() {
            let size = size(of: anchor)
            guard placed.isEmpty || bottom - top - size.height - template.gutter >= Self.textRoom else {
                return (placed, Array(anchors[number...]))
            }
            let y = anchor.picture.edge == .top ? top : bottom - size.height
            placed.append(PlacedPicture(rect: Rect(x: area.minX, y: y, width: size.width, height: size.height),
                                        image: anchor.image, anchor: anchor.index))
            if anchor.picture.edge == .top { top += size.height + template.gutter } else { bottom -= size.height + template.gutter }
        }
        return (placed, [])
    }

    /// What `pictures` leave the columns: the text area between those as wide as it (and a gutter
    /// after each), and the narrower ones, with a gutter beside and after them, as exclusions.
    func room(beside pictures: [PlacedPicture]) -> (area: Rect, exclusions: [Exclusion]) {
        var top = area.minY, bottom = area.maxY
        let gutter = template.gutter
        for picture in pictures where picture.rect.width >= area.width - 0.5 {
            if picture.edge == .top { top = max(top, picture.rect.maxY + gutter) } else { bottom = min(bottom, picture.rect.minY - gutter) }
        }
        var exclusions: [Exclusion] = []
        for picture in pictures where picture.rect.width < area.width - 0.5 {
            let rect = picture.rect
            if picture.edge == .top, rect.maxY + gutter > top {
                exclusions.append(Exclusion(.rectangle(Rect(x: rect.minX, y: rect.minY, width: rect.width + gutter / 2, height: rect.height + gutter))))
            } else if picture.edge == .bottom, rect.minY - gutter < bottom {
                exclusions.append(Exclusion(.rectangle(Rect(x: rect.minX, y: rect.minY - gutter, width: rect.width + gutter / 2,
                                                            height: rect.height + gutter))))
            }
        }
        return (Rect(x: area.minX, y: top, width: area.width, height: max(0, bottom - top)), exclusions)
    }
}
