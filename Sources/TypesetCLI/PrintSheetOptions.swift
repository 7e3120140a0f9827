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

    @Option(name: .customLong("pdf-standard"), help: ArgumentHelp("Make the PDF conform to a standard: x4 (PDF/X-4, for the press: an output intent, XMP metadata, no links) or ua1 (PDF/UA-1); repeat it or separate names with commas.", valueName: "standard"))
    var pdfStandardArguments: [PDFStandardArgument] = []

    @Option(name: .customLong("output-intent"), help: ArgumentHelp("The CMYK ICC profile of the printing condition a PDF/X file is made for, as the print shop gives it (default: Ghostscript's SWOP-like coated profile from Debian's libgs-common).", valueName: "file.icc"), completion: .file(extensions: ["icc", "icm"]))
    var outputIntentProfile: String?

    /// A bleed is a few millimetres; an inch is far more than any print shop asks for.
    static let largestBleed = 72.0

    func validate() throws {
        _ = try bleed.points(as: "--bleed", in: 0 ... Self.largestBleed)
        let standards = try pdfStandards
        if let outputIntentProfile {
            guard standards.contains(.x4) else { throw ValidationError("--output-intent is the printing condition of a PDF/X file; give --pdf-standard x4 with it") }
            do {
                try OutputIntent(profilePath: outputIntentProfile).check()
            } catch {
                throw ValidationError("--output-intent: \(error)")
            }
        }
    }

    /// Every standard named by the `--pdf-standard` options.
    var pdfStandards: Set<PDFStandard> {
        get throws { try Set(pdfStandardArguments.flatMap { try $0.standards() }) }
    }

    var outputIntent: OutputIntent {
        outputIntentProfile.map { OutputIntent(profilePath: $0) } ?? OutputIntent()
    }

    var sheet: PrintSheet {
        PrintSheet(bleed: bleed.points, cropMarks: cropMarks)
    }

    /// Sets what these options ask for on the options of a run: `render` and `watch` share
    /// them, so a document watched is the document rendered.
    /// Throws only for a `--pdf-standard` that `validate` has already refused.
    func apply(to options: inout TypesetOptions) throws {
        options.sheet = sheet
        options.showsBleed = showBleed
        options.pdfStandards = try pdfStandards
        options.outputIntent = outputIntent
    }
}
