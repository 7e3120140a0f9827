import Foundation
import Layout
import Text

/// Adds a sheet's crop marks to a page of the PDF being finished, in registration colour: the
/// separation named `All`, which prints on every plate, so that the marks line the plates up
/// as well as showing the trim. Cairo cannot write a Separation colour space; the finishing
/// step appends the marks as a content stream of their own, after the page's, marked as an
/// artifact (they are not part of the document's content).
///
/// The streams round a page's own are the same bytes on every page of a size, so they are
/// made once and shared, as `RunningHeadsOverlays` shares its own: a page adds no object,
/// where two streams a page (their objects, dictionaries and deflated bytes) cost some 340
/// bytes of the file a page. So they must never be changed: they are added after the artifact
/// marking has rewritten what it rewrites (`ArtifactMarking`), last of all, over the page's
/// text (`TextLayerOverPages`).
struct RegistrationMarks {
    var marks: CropMarks
    /// The `q` every page's content begins with, once made.
    private var opening: Int?
    /// The `Q` and the marks of each page size, once made.
    private var closings: [Size: Int] = [:]

    init(marks: CropMarks) {
        self.marks = marks
    }

    /// The colour space's name in the pages' resources.
    static let colourSpaceName = "/TypesetRegistration"

    /// `[/Separation /All /DeviceCMYK tint]`: a tint of 1 is 100 % of each of the four inks
    /// where a device has no plates of its own (a proof, a screen).
    static let colourSpace = SeparationColourSpace.value(ink: "All", alternate: CMYK(cyan: 1, magenta: 1, yellow: 1, black: 1))

    /// The operators that stroke the marks of a page of `page`, in PDF coordinates (y up from
    /// the sheet's bottom edge); empty when the sheet has no marks.
    func content(for page: Size, sheetHeight: Double) -> String {
        let strokes = marks.strokes(for: page)
        guard !strokes.isEmpty else { return "" }
        func number(_ value: Double) -> String { String(format: "%.3f", value) }
        var lines = ["/Artifact BMC", "q", "\(Self.colourSpaceName) CS 1 SCN", "\(number(PrintSheet.markWidth)) w 0 J [] 0 d"]
        for stroke in strokes {
            lines.append("\(number(stroke.from.x)) \(number(sheetHeight - stroke.from.y)) m \(number(stroke.to.x)) \(number(sheetHeight - stroke.to.y)) l")
        }
        lines += ["S", "Q", "EMC"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Adds the marks to a page of `size`: its content is wrapped in `q` … `Q` so that the
    /// marks start from the sheet's own coordinates whatever the page left in effect. The
    /// streams are written into `writer` when first needed.
    mutating func add(to page: inout PageAdditions, size: Size, writer: PDFStreamingWriter) throws {
        guard let closing = try closing(for: size, writer: writer) else { return }
        page.addResource("/ColorSpace", Self.colourSpaceName, Self.colourSpace)
        let opening = try self.opening ?? writer.addStream(Array("q\n".utf8))
        self.opening = opening
        page.wrap(opening: opening, closing: [closing])
    }

    /// The stream that ends a page of `size` and strokes its marks, made at the first page of
    /// that size; nil when the sheet has no marks.
    private mutating func closing(for size: Size, writer: PDFStreamingWriter) throws -> Int? {
        if let made = closings[size] { return made }
        let operators = content(for: size, sheetHeight: marks.sheet.mediaBox(for: size).size.height)
        guard !operators.isEmpty else { return nil }
        let made = writer.reserve()
        try writer.addStream(made, dictionary: PDFDictionary(), bytes: Array(("Q\n" + operators).utf8))
        closings[size] = made
        return made
    }
}
