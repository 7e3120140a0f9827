import Layout
import Text

extension PageTemplate {
    /// Where elements that bleed may reach on page `number`: the page and the bleed round it,
    /// in page coordinates (so it starts at minus the bleed).
    public func bleedReach(ofPage number: Int) -> Rect {
        Rect(x: -bleed, y: -bleed, width: size.width + 2 * bleed, height: size.height + 2 * bleed)
    }

    /// `rect` with each of `edges` that stands on the text area's edge taken out to the page's
    /// edge and past it by the bleed (`Rect.bled`, the one rule for every element).
    public func bled(_ rect: Rect, toward edges: BleedEdges, ofPage number: Int) -> Rect {
        rect.bled(edges, from: textArea(ofPage: number), to: bleedReach(ofPage: number))
    }

    /// `page` with the drawn rectangle of each element that asks to bleed and stands at the
    /// text area's edge (pictures, boxes and sections' tints), and without the running heads
    /// those would cover. Text never moves: an element bleeds only outward from where it was
    /// placed, so the room it leaves the text is what it was.
    func bleeding(_ page: Page) -> Page {
        var page = page
        for index in page.pictures.indices {
            let picture = page.pictures[index]
            guard Self.bleeds(picture.content) else { continue }
            let edges: BleedEdges = switch picture.position {
            case .top: [.top, .sides]
            case .bottom: [.bottom, .sides]
            case .middle: .sides
            }
            let bled = changed(bled(picture.rect, toward: edges, ofPage: page.number), from: picture.rect)
            page.pictures[index].bled = bled
            page.pictures[index].content = Self.content(picture.content, bledTo: bled)
        }
        for frame in page.frames.indices {
            for index in page.frames[frame].floats.indices {
                let float = page.frames[frame].floats[index]
                guard Self.bleeds(float.content) else { continue }
                let bled = changed(bled(float.rect, toward: float.side == .left ? .left : .right, ofPage: page.number), from: float.rect)
                page.frames[frame].floats[index].bled = bled
                page.frames[frame].floats[index].content = Self.content(float.content, bledTo: bled)
            }
        }
        for index in page.tints.indices where page.tints[index].bleeds {
            page.tints[index].bled = page.tints[index].bled(by: self, ofPage: page.number)
        }
        page.furniture = page.furniture?.leavingOut(coveredBy: page.bledRects)
        return page
    }

    private static func bleeds(_ content: PlacedContent) -> Bool {
        switch content {
        case .picture(let image): image.bleeds
        // A box of the column set at the next one's top (Layout's WaitingBoxes) bleeds no more than in its column.
        case .box(let box): box.style.bleeds && box.style.isOutOfFlow
        }
    }

    /// A box that moved out to `bled` with the pictures in its lines that go with it
    /// (`PlacedBox.bleeding(to:)`); anything else as it is.
    private static func content(_ content: PlacedContent, bledTo bled: Rect?) -> PlacedContent {
        guard let bled, case .box(let box) = content else { return content }
        return .box(box.bleeding(to: bled))
    }

    /// nil when the element did not move out (it stands inside the text area): it is drawn as placed.
    private func changed(_ bled: Rect, from rect: Rect) -> Rect? {
        bled == rect ? nil : bled
    }
}

extension Page {
    /// The rectangles of the elements that bled past the text area (after `bleeding`).
    var bledRects: [Rect] {
        pictures.compactMap(\.bled) + frames.flatMap { $0.floats.compactMap(\.bled) } + tints.compactMap(\.bled)
    }
}

extension PageFurniture {
    /// The heads without the parts an element bleeding over the margin covers: a picture or a
    /// tint running off the top or foot takes the margin, and the head there goes.
    func leavingOut(coveredBy rects: [Rect]) -> PageFurniture {
        guard !rects.isEmpty else { return self }
        var furniture = self
        furniture.frames.removeAll { frame in
            frame.lines.contains { line in rects.contains { $0.intersects(line.bounds) } }
        }
        return furniture
    }
}
