/// How an edit moves the numbers of the pictures, boxes, tables, sections and kept blocks after
/// it (`ImageAttachment.number`, `BoxStyle.number` and a footnote's marker's
/// `TextAttributes.footnote`, its box's; `TableStyle.number`, `SectionStyle.number`,
/// `ParagraphStyle.keepBlock`): each is its element's place among the document's, so a picture
/// added moves every later picture's number by one, as a character added moves every later
/// offset (`TextShift`). The texts then differ in numbers alone after the edit: compared with
/// the old numbers moved (`TextChange.numbers`), they are alike there, and the pages set from
/// that part are taken again, their numbers moved.
public struct ElementNumberShift: Equatable, Sendable {
    /// Each kind's numbers, moved alone.
    public var pictures: NumberShift
    public var boxes: NumberShift
    public var tables: NumberShift
    public var sections: NumberShift
    public var keeps: NumberShift

    public static let none = ElementNumberShift()

    public init(pictures: NumberShift = .none, boxes: NumberShift = .none, tables: NumberShift = .none,
                sections: NumberShift = .none, keeps: NumberShift = .none) {
        self.pictures = pictures
        self.boxes = boxes
        self.tables = tables
        self.sections = sections
        self.keeps = keeps
    }

    public var movesNone: Bool { pictures.by == 0 && boxes.by == 0 && tables.by == 0 && sections.by == 0 && keeps.by == 0 }

    /// The shift from `old` to `new`, which begin alike up to `start`: the numbers after those
    /// the alike part holds move by as many as the new text holds more. Right for the part
    /// after the change when its elements are the old ones, as `TextChange` checks.
    init(from old: AttributedText, to new: AttributedText, alikeUpTo start: Int) {
        let before = ElementNumbers(in: old, upTo: start), oldAll = ElementNumbers(in: old), newAll = ElementNumbers(in: new)
        pictures = NumberShift(from: before.lastPicture + 1, by: newAll.lastPicture - oldAll.lastPicture)
        boxes = NumberShift(from: before.lastBox + 1, by: newAll.lastBox - oldAll.lastBox)
        tables = NumberShift(from: before.lastTable + 1, by: newAll.lastTable - oldAll.lastTable)
        sections = NumberShift(from: before.lastSection + 1, by: newAll.lastSection - oldAll.lastSection)
        keeps = NumberShift(from: before.lastKeep + 1, by: newAll.lastKeep - oldAll.lastKeep)
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

/// The highest numbers of each kind a text's runs carry (0: none), over the runs that begin
/// before `end`.
private struct ElementNumbers {
    var lastPicture = 0
    var lastBox = 0
    var lastTable = 0
    var lastSection = 0
    var lastKeep = 0

    init(in text: AttributedText, upTo end: Int = .max) {
        let attributes = text.attributeRuns, styles = text.paragraphStyleRuns
        for run in 0 ..< attributes.runCount where attributes.starts[run] < end {
            if let picture = attributes.sharedValue(ofRun: run).value.image { lastPicture = max(lastPicture, picture.number) }
        }
        for run in 0 ..< styles.runCount where styles.starts[run] < end {
            let style = styles.sharedValue(ofRun: run)
            if let box = style.value.box { lastBox = max(lastBox, box.number) }
            if let cell = style.value.tableCell { lastTable = max(lastTable, cell.table.number) }
            if let section = style.value.section { lastSection = max(lastSection, section.number) }
            if let keep = style.value.keepBlock { lastKeep = max(lastKeep, keep) }
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
    /// The style with its box's, table's, section's and kept block's numbers moved by `shift`;
    /// itself, no part copied, when none of them moves.
    public func renumbered(by shift: ElementNumberShift) -> ParagraphStyle {
        let box = box, cell = tableCell, section = section
        let boxMoves = box?.moves(by: shift) ?? false, tableMoves = cell?.table.moves(by: shift) ?? false
        let sectionMoves = section?.moves(by: shift) ?? false, keepMoves = keepBlock.map { shift.keeps($0) != $0 } ?? false
        guard boxMoves || tableMoves || sectionMoves || keepMoves else { return self }
        var style = self
        if boxMoves { style.box = box!.renumbered(by: shift) }
        if tableMoves { style.tableCell!.table = cell!.table.renumbered(by: shift) }
        if sectionMoves { style.section = section!.renumbered(by: shift) }
        if keepMoves { style.keepBlock = shift.keeps(keepBlock!) }
        return style
    }
}

/// An element numbered by its place among the document's of its kind.
public protocol NumberedElement {
    var number: Int { get set }
    /// How `shift` moves the numbers of its kind.
    static func numbers(in shift: ElementNumberShift) -> NumberShift
}

extension NumberedElement {
    public func moves(by shift: ElementNumberShift) -> Bool {
        Self.numbers(in: shift)(number) != number
    }

    public func renumbered(by shift: ElementNumberShift) -> Self {
        var element = self
        element.number = Self.numbers(in: shift)(number)
        return element
    }
}

extension ImageAttachment: NumberedElement { public static func numbers(in shift: ElementNumberShift) -> NumberShift { shift.pictures } }
extension BoxStyle: NumberedElement { public static func numbers(in shift: ElementNumberShift) -> NumberShift { shift.boxes } }
extension TableStyle: NumberedElement { public static func numbers(in shift: ElementNumberShift) -> NumberShift { shift.tables } }
extension SectionStyle: NumberedElement { public static func numbers(in shift: ElementNumberShift) -> NumberShift { shift.sections } }
