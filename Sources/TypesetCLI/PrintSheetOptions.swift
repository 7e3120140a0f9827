import ArgumentParser
import Render
import TypesetKit

/// The options of the sheet the print shop gets: the bleed past the trim, crop marks, and
/// whether page images show them.
struct PrintSheetOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Enlarge every PDF page by this much on every side, 0 to \(Int(Self.largestBleed)) pt (e.g. 3mm): the bleed that pictures running off the page print into; the PDF's TrimBox is the page, its BleedBox the page and the bleed (default: 0).", valueName: "length"))
    var bleed = LengthArgument(argument: "0")

    @Flag(help: "Add crop marks in the corners of every PDF page, 5 mm long and at least 3 mm from the trim (never inside the bleed), on room added round the bleed.")
    var cropMarks = false

    @Flag(help: "PNG pages show the whole sheet (bleed and crop marks) rather than the trimmed page.")
    var showBleed = false

    /// A bleed is a few millimetres; an inch is far more than any print shop asks for.
    static let largestBleed = 72.0

    func validate() throws {
        _ = try bleed.points(as: "--bleed", in: 0 ... Self.largestBleed)
    }

    var sheet: PrintSheet {
        PrintSheet(bleed: bleed.points, cropMarks: cropMarks)
    }

    /// Sets what these options ask for on the options of a run: `render` and `watch` share
    /// them, so a document watched is the document rendered.
    func apply(to options: inout TypesetOptions) {
        options.sheet = sheet
        options.showsBleed = showBleed
    }
}
