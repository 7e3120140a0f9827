import Layout
import Text

/// A picture or a box set across columns on a page: at the top or bottom of the text area
/// (`<img float="top" span="…">`, `<figure float="top">`), or over a gutter halfway down
/// (`<aside float="center">`, the text wrapping round it on both sides). Its anchor — the
/// picture's character, the box's first — is on this page or an earlier one.
public struct PlacedPicture: Sendable {
    public enum Position: Hashable, Sendable {
        case top, bottom
        /// Over a gutter, halfway down the room the others leave, or its balanced band.
        case middle
    }

    public var rect: Rect
    public var content: PlacedContent
    public var anchor: Int
    public var position: Position
    /// Clear space between it and the text round it (a box's margin; a picture keeps the gutter).
    public var margin: Double
    /// Where it is drawn when it runs off the page (`bleed="true"` at the page's edge): its
    /// rectangle out to the page's edges it touches and past them by the bleed (nil: `rect`).
    public var bled: Rect? = nil
    /// Whether it stands over what the page keeps from its text (a master's picture or rule, an
    /// `<exclusion>`): a box over a gutter whose room has no place clear of it
    /// (`BoxClearOfExclusions`), which the page's check warns of.
    public var overExclusion = false

    public var image: ImageAttachment? { content.image }
    public var box: PlacedBox? { content.box }
}

/// A spanning picture's character in the text, or a spanning box's first character.
struct SpanningAnchor: Hashable {
    enum Content: Hashable {
        case picture(ImageAttachment, SpanningPicture)
        case box(BoxRange)
    }

    var index: Int
    var content: Content
    /// Its widest word's width, for a box over a gutter that does not ask for a width (0 for
    /// others): measured once, not at every trial (`PageTemplate.width(of:in:widestWord:)`).
    var widestWord = 0.0

    var position: PlacedPicture.Position {
        switch content {
        case .picture(_, let picture): picture.edge == .top ? .top : .bottom
        case .box(let box):
            switch box.style.placement {
            case .edge(.bottom, _): .bottom
            case .center: .middle
            default: .top
            }
        }
    }

    /// The columns it spans from the left, or nil for all of them.
    var columns: Int? {
        switch content {
        case .picture(_, let picture): picture.columns
        case .box(let box):
            switch box.style.placement {
            case .edge(_, let columns), .center(let columns): columns
            default: nil
            }
        }
    }

    /// The text's spanning pictures and boxes, in text order; `wordWidths` measures a pull quote's words.
    static func all(in framesetter: Framesetter, measuring wordWidths: WordWidths) -> [SpanningAnchor] {
        let text = framesetter.text
        let boxes = framesetter.boxes
        let pictures = text.attachments.compactMap { attachment -> SpanningAnchor? in
            guard let picture = attachment.image.spanning, boxes.box(containing: attachment.index) == nil else { return nil }
            return SpanningAnchor(index: attachment.index, content: .picture(attachment.image, picture))
        }
        let spanning = boxes.all.compactMap { box -> SpanningAnchor? in
            switch box.style.placement {
            case .edge, .center:
                SpanningAnchor(index: box.range.lowerBound, content: .box(box),
                               widestWord: PageTemplate.widestWord(of: box, in: text, measuring: wordWidths))
            case .inColumn, .side, .footnote: nil
            }
        }
        guard !spanning.isEmpty else { return pictures }
        return (pictures + spanning).sorted { $0.index < $1.index }
    }
}

/// Stacks spanning pictures and boxes at the top and bottom of one page's text area, puts
/// those over a gutter halfway down between them, and says what room they leave the columns.
struct PictureReservation {
    let template: PageTemplate
    let page: Int
    let framesetter: Framesetter
    /// The anchors of elements waiting from earlier pages that stand in a band of their own, the
    /// text area's full width, at the top (or at the foot, for one asking for it): their sections'
    /// text is not beside them on this page (`Paginator.pageWithPictures`).
    var ownBands: Set<Int> = []
    /// What the page keeps from its text (a master's pictures and rules, `<exclusion>`s): a box
    /// over a gutter is placed clear of it (`BoxClearOfExclusions`).
    var taken: [Exclusion] = []

    /// Room always left to the text beside pictures, so that a page of them still takes lines.
    static let textRoom = 48.0

    var area: Rect { template.textArea(ofPage: page) }

    /// The columns of the section `anchor` is in (or the page's): their count, width and gutter.
    private func columns(of anchor: SpanningAnchor) -> (count: Int, width: Double, gutter: Double) {
        let section = framesetter.text.paragraphStyle(at: anchor.index).section
        let count = section?.columns ?? template.columns
        let gutter = section?.gutter ?? template.gutter
        return (count, template.columnWidth(columns: count, gutter: gutter), gutter)
    }

    /// The column of `anchor`'s section that starts at or before `x` (0 at the text area's left).
    func column(at x: Double, of anchor: SpanningAnchor) -> Int {
        let columns = columns(of: anchor)
        return max(0, min(columns.count - 1, Int(((x - area.minX + 0.5) / (columns.width + columns.gutter)).rounded(.down))))
    }

    /// Whether `anchor`'s section reads its columns from the right: what spans its first
    /// columns stands at the text area's right.
    private func readsFromTheRight(_ anchor: SpanningAnchor) -> Bool {
        framesetter.text.paragraphStyle(at: anchor.index).section?.columnsRightToLeft ?? false
    }

    /// The width of the columns `anchor` spans: its count of its section's columns, or all.
    private func spannedWidth(of anchor: SpanningAnchor) -> Double {
        template.spannedWidth(columns: anchor.columns, of: framesetter.text.paragraphStyle(at: anchor.index).section)
    }

    /// The element's size: a picture as wide as the columns it spans and as tall as its
    /// proportions say, made smaller (proportions kept) when it would leave the text less than
    /// `textRoom`; a box as wide as it asks (at most the columns it spans) and as tall as its
    /// text makes it (boxes too tall for the page are found before layout).
    func size(of anchor: SpanningAnchor) -> Size {
        let width = spannedWidth(of: anchor)
        switch anchor.content {
        case .picture(_, let picture):
            let tallest = template.tallestAcrossColumns
            let height = min(width / picture.aspect, tallest)
            return Size(width: height * picture.aspect, height: height)
        case .box(let box):
            let boxWidth = template.width(of: box, in: framesetter.text, widestWord: anchor.widestWord)
            return Size(width: boxWidth, height: framesetter.height(of: box, width: boxWidth))
        }
    }

    /// `anchors` in turn, those at the top each placed below the ones already there, those at
    /// the bottom above, a gutter apart, and those over a gutter (at most one a page) halfway
    /// down the room between, while they leave the text `textRoom`: those placed, and the first
    /// that did not fit with all after it. The first always fits at the text area's top, so that
    /// a page of pictures makes progress. `columnOf` says which column of its band an anchor's
    /// text is in (a box over a gutter straddles the gutter after it), `heightOf` which column's
    /// height it stands halfway down (see `placedInMiddle`); `floorOf`, how high one at
    /// the top may go: the top of its anchor's band when bands set before it on the page (a
    /// headline) precede it in reading order, so that it goes below them — and, lowered so,
    /// fits only as one below others does (else it waits for the next page's top, where it fits).
    func place(_ anchors: [SpanningAnchor], columnOf: (SpanningAnchor) -> Rect? = { _ in nil },
               heightOf: (SpanningAnchor) -> Rect? = { _ in nil },
               floorOf: (SpanningAnchor) -> Double? = { _ in nil }) -> (placed: [PlacedPicture], left: [SpanningAnchor]) {
        var placed: [PlacedPicture] = []
        var top = area.minY, bottom = area.maxY
        var middle: [(anchor: SpanningAnchor, size: Size)] = []
        for (number, anchor) in anchors.enumerated() {
            let size = size(of: anchor)
            let position = anchor.position
            if position == .top, let floor = floorOf(anchor) { top = max(top, floor) }
            let taken = middle.reduce(0) { $0 + $1.size.height + 2 * margin(of: $1.anchor) }
            let first = placed.isEmpty && middle.isEmpty && top <= area.minY
            guard first
                    || (bottom - top - size.height - template.gutter - taken >= Self.textRoom && (position != .middle || middle.isEmpty)) else {
                let inMiddle = placedInMiddle(middle, top: top, bottom: bottom, columnOf: columnOf, heightOf: heightOf, floorOf: floorOf)
                return (placed + inMiddle.placed, inMiddle.left + Array(anchors[number...]))
            }
            let ownBand = ownBands.contains(anchor.index)
            guard position != .middle || ownBand else {
                middle.append((anchor, size))
                continue
            }
            // In a band of its own, a box over a gutter stands at the top, centred.
            let x = position == .middle ? area.minX + (area.width - size.width) / 2
                : readsFromTheRight(anchor) ? area.maxX - size.width : area.minX
            let y = position != .bottom ? top : bottom - size.height
            placed.append(element(anchor, in: Rect(x: x, y: y, width: size.width, height: size.height)))
            if position != .bottom { top += size.height + template.gutter } else { bottom -= size.height + template.gutter }
        }
        let inMiddle = placedInMiddle(middle, top: top, bottom: bottom, columnOf: columnOf, heightOf: heightOf, floorOf: floorOf)
        return (placed + inMiddle.placed, inMiddle.left)
    }

    /// The box over a gutter centred on the gutter after its anchor's column (before it, from
    /// the last column), or on the middle of its columns when it spans more than two; and
    /// halfway down that column where its section ends on the page (its band balanced, shorter
    /// than the room), so that it stands inside the text it interrupts, not below it — else
    /// halfway between `top` and `bottom`, the room the others leave, below `floorOf` (the top of
    /// its anchor's band when bands of earlier sections precede it on the page: halfway down the
    /// whole room, a later section's pull quote stood inside a one-column head's band, layout-fuzz
    /// `stretch-after-list-items-beside-aside-over-gutter`). Where that place touches what the
    /// page keeps from its text, it moves up or down the same room to the nearest place clear of
    /// it (`BoxClearOfExclusions`). One that, so placed below
    /// the room's top, would reach below `bottom` is left, to wait for the next page (seed 14224:
    /// a 280 pt figure in a band starting 199 pt above the foot, its caption drawn off the page).
    private func placedInMiddle(_ middle: [(anchor: SpanningAnchor, size: Size)], top: Double, bottom: Double,
                                columnOf: (SpanningAnchor) -> Rect?,
                                heightOf: (SpanningAnchor) -> Rect?,
                                floorOf: (SpanningAnchor) -> Double?) -> (placed: [PlacedPicture], left: [SpanningAnchor]) {
        var placed: [PlacedPicture] = [], waiting: [SpanningAnchor] = []
        for (anchor, size) in middle {
            let columns = columns(of: anchor)
            let column = columnOf(anchor)
            let spanned = min(anchor.columns ?? columns.count, columns.count)
            // The gutter after the anchor's column is at its left in a section read from the right.
            let fromTheRight = readsFromTheRight(anchor)
            let anchorColumn = column.map { self.column(at: $0.minX, of: anchor) } ?? (fromTheRight ? columns.count - 1 : 0)
            let first = max(0, min(fromTheRight ? anchorColumn - (spanned - 1) : anchorColumn, columns.count - spanned))
            let left = area.minX + Double(first) * (columns.width + columns.gutter)
            let width = Double(spanned) * columns.width + Double(spanned - 1) * columns.gutter
            let x = left + (width - size.width) / 2
            let balanced = heightOf(anchor).flatMap { $0.maxY < bottom - BandSetter.tolerance ? $0 : nil }
            let bandTop = max(top, balanced?.minY ?? top, floorOf(anchor) ?? top), bandBottom = balanced?.maxY ?? bottom
            let halfway = Rect(x: x, y: max(bandTop, (bandTop + bandBottom - size.height) / 2), width: size.width, height: size.height)
            let clear = BoxClearOfExclusions(taken: taken).top(of: halfway, margin: margin(of: anchor), highest: bandTop,
                                                               lowest: max(bandTop, bandBottom - size.height))
            let y = clear ?? halfway.minY
            if y > top + BandSetter.tolerance, y + size.height > bottom + BandSetter.tolerance {
                waiting.append(anchor)
                continue
            }
            var box = element(anchor, in: Rect(x: x, y: y, width: size.width, height: size.height))
            box.overExclusion = clear == nil
            placed.append(box)
        }
        return (placed, waiting)
    }

    private func margin(of anchor: SpanningAnchor) -> Double {
        if case .box(let box) = anchor.content { return box.style.margin }
        return template.gutter
    }

    private func element(_ anchor: SpanningAnchor, in rect: Rect) -> PlacedPicture {
        switch anchor.content {
        case .picture(let image, _):
            return PlacedPicture(rect: rect, content: .picture(image), anchor: anchor.index, position: anchor.position,
                                 margin: template.gutter)
        case .box(let box):
            return PlacedPicture(rect: rect, content: .box(framesetter.place(box, in: rect)), anchor: anchor.index,
                                 position: anchor.position, margin: box.style.margin)
        }
    }

    /// What `pictures` leave the columns: the text area between those as wide as it (and a gutter
    /// after each), and the narrower ones, with a gutter beside and after them, as exclusions;
    /// one over a gutter, with its margin all round it. One as wide as the text area set below
    /// the page's first band (see `place`'s floor) is an exclusion too. One at the top or over a
    /// gutter set below the text area's top is lowered: the bands above it, of earlier sections,
    /// do not keep out of it (`BandExclusions`).
    func room(beside pictures: [PlacedPicture]) -> (area: Rect, rooms: [BandExclusions.PictureRoom]) {
        var top = area.minY, bottom = area.maxY
        let gutter = template.gutter
        var lowered: [PlacedPicture] = []
        let acrossTheArea = pictures.filter {
            ownBands.contains($0.anchor) || $0.position != .middle && $0.rect.width >= area.width - 0.5
        }
        for picture in acrossTheArea.sorted(by: { $0.rect.minY < $1.rect.minY }) {
            if picture.position == .bottom {
                bottom = min(bottom, picture.rect.minY - gutter)
            } else if picture.rect.minY <= top + 0.5 {
                top = max(top, picture.rect.maxY + gutter)
            } else {
                lowered.append(picture)
            }
        }
        func loweredRoom(_ rect: Rect, of picture: PlacedPicture, padding: Double = 0) -> BandExclusions.PictureRoom {
            let below = picture.rect.minY > area.minY + 0.5
            return BandExclusions.PictureRoom(exclusion: Exclusion(.rectangle(rect), padding: padding),
                                              lowered: below ? (picture.rect.minY, picture.anchor) : nil)
        }
        var rooms = lowered.map { loweredRoom(Rect(x: $0.rect.minX, y: $0.rect.minY, width: $0.rect.width, height: $0.rect.height + gutter), of: $0) }
        for picture in pictures where !ownBands.contains(picture.anchor) {
            let rect = picture.rect
            switch picture.position {
            case .middle:
                rooms.append(loweredRoom(rect, of: picture, padding: picture.margin))
            case .top where rect.width < area.width - 0.5 && rect.maxY + gutter > top:
                rooms.append(loweredRoom(toTheGutterCentre(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height + gutter)),
                                         of: picture))
            case .bottom where rect.width < area.width - 0.5 && rect.minY - gutter < bottom:
                rooms.append(BandExclusions.PictureRoom(exclusion: Exclusion(.rectangle(toTheGutterCentre(
                    Rect(x: rect.minX, y: rect.minY - gutter, width: rect.width, height: rect.height + gutter))))))
            default:
                break
            }
        }
        return (Rect(x: area.minX, y: top, width: area.width, height: max(0, bottom - top)), rooms)
    }

    /// `rect`, a picture's room across some columns, out to the centre of the gutter beside it:
    /// at its right, or at its left when it stands at the text area's right (the first columns
    /// of a section read from the right).
    private func toTheGutterCentre(_ rect: Rect) -> Rect {
        let half = template.gutter / 2
        let atTheRight = rect.maxX >= area.maxX - 0.5 && rect.minX > area.minX + 0.5
        return Rect(x: atTheRight ? rect.minX - half : rect.minX, y: rect.minY, width: rect.width + half, height: rect.height)
    }
}
