/// How an edit moves the numbers of the pictures and boxes after it (`ImageAttachment.number`,
/// `BoxStyle.number`, and a footnote's marker's `TextAttributes.footnote`, its box's): each is
/// its element's place among the document's, so a picture added moves every later picture's
/// number by one, as a character added moves every later offset (`TextShift`). The texts then
/// differ in numbers alone after the edit: compared with the old numbers moved
/// (`TextChange.numbers`), they are alike there, and the pages set from that part are taken
/// again, their numbers moved.
public struct ElementNumberShift: Equatable, Sendable {
    /// The pictures' numbers and the boxes', each moved alone.
    public var pictures: NumberShift
    public var boxes: NumberShift

    public static let none = ElementNumberShift(pictures: .none, boxes: .none)

    public init(pictures: NumberShift, boxes: NumberShift) {
        self.pictures = pictures
        self.boxes = boxes
    }

    public var movesNone: Bool { pictures.by == 0 && boxes.by == 0 }

    /// The shift from `old` to `new`, which begin alike up to `start`: the numbers after those
    /// the alike part holds move by as many as the new text holds more. Right for the part
    /// after the change when its elements are the old ones, as `TextChange` checks.
    init(from old: AttributedText, to new: AttributedText, alikeUpTo start: Int) {
        let before = ElementNumbers(in: old, upTo: start), oldAll = ElementNumbers(in: old), newAll = ElementNumbers(in: new)
        pictures = NumberShift(from: before.lastPicture + 1, by: newAll.lastPicture - oldAll.lastPicture)
        boxes = NumberShift(from: before.lastBox + 1, by: newAll.lastBox - oldAll.lastBox)
    }
}

/// One kind's numbers moved: each at or past `from` by `by`.
public struct NumberShift: Equatable, Sendable {
    public var from: Int
    public var by: Int

    public static let none = NumberShift(from: .max, by: 0)

    public init(from: Int, by: Int) {
        self.from = from
        self.by = by
    }

    @inlinable
    public func callAsFunction(_ number: Int) -> Int {
        number >= from ? number + by : number
    }
}

/// The highest picture and box numbers a text's runs carry (0: none), over the runs that
/// begin before `end`.
private struct ElementNumbers {
    var lastPicture = 0
    var lastBox = 0

    init(in text: AttributedText, upTo end: Int = .max) {
        let attributes = text.attributeRuns, styles = text.paragraphStyleRuns
        for run in 0 ..< attributes.runCount where attributes.starts[run] < end {
            if let picture = attributes.sharedValue(ofRun: run).value.image { lastPicture = max(lastPicture, picture.number) }
        }
        for run in 0 ..< styles.runCount where styles.starts[run] < end {
            if let box = styles.sharedValue(ofRun: run).value.box { lastBox = max(lastBox, box.number) }
        }
    }
}

extension TextAttributes {
    /// The attributes with their picture's and footnote's numbers moved by `shift`.
    public func renumbered(by shift: ElementNumberShift) -> TextAttributes {
        guard image != nil || footnote != nil else { return self }
        var attributes = self
        if let image { attributes.image = image.renumbered(by: shift) }
        if let footnote { attributes.footnote = shift.boxes(footnote) }
        return attributes
    }
}

extension ParagraphStyle {
    /// The style with its box's number moved by `shift`.
    public func renumbered(by shift: ElementNumberShift) -> ParagraphStyle {
        guard let box else { return self }
        var style = self
        style.box = box.renumbered(by: shift)
        return style
    }
}

extension ImageAttachment {
    public func renumbered(by shift: ElementNumberShift) -> ImageAttachment {
        var image = self
        image.number = shift.pictures(number)
        return image
    }
}

extension BoxStyle {
    public func renumbered(by shift: ElementNumberShift) -> BoxStyle {
        var style = self
        style.number = shift.boxes(number)
        return style
    }
}
