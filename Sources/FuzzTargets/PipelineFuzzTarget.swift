import Diagnostics
import Fonts
import Foundation
import Markup
import Pages
import Render
import Text
import TypesetKit

/// One fuzz input through the whole pipeline on a small page: markup → fonts (the bundled
/// ones) → layout → PDF in a temporary file. A document the layout accepted must draw: a
/// drawing error is a problem the checks before it missed (it would be unlocated).
public enum PipelineFuzzTarget {
    /// A small page keeps one run to milliseconds; two columns keep sections and column
    /// breaks in play.
    static let options: TypesetOptions = {
        var options = TypesetOptions()
        options.page = PageTemplate(size: Size(width: 300, height: 240), margins: Margins(all: 24), columns: 2, gutter: 12)
        options.fontSize = 9
        options.fontsDirectory = FontLibrary.locateBundledFonts()
        options.imageRoot = FuzzInput.picturesDirectory
        return options
    }()

    /// Pages drawn at most: a run of `<pagebreak>`s must not turn one input into seconds.
    static let maximumPages = 8

    static let outputPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("typeset-fuzz-\(ProcessInfo.processInfo.processIdentifier).pdf").path

    /// Work a process does once, done before libFuzzer's first input (it is called from
    /// `main`) so that its time is not charged to one: loading German's patterns (1 MB), which
    /// the Hyphenator then keeps (milliseconds now, seconds once). Replaying, the time is the
    /// command line's, and counted.
    public static func warmUp() {
        let words = "<p hyphenate=\"true\">Night watch <font lang=\"de\">Straßenbahnhaltestelle</font> "
            + "<font lang=\"fr\">anticonstitutionnellement</font> incomprehensibilities\n"
        run(Array(words.utf8))
    }

    public static func run(_ bytes: [UInt8]) {
        guard options.fontsDirectory != nil else { fatalError("cannot find the bundled fonts folder; set TYPESET_FONTS to it") }
        let source: MarkupSource
        do {
            source = try MarkupSource(fileName: FuzzInput.fileName, bytes: bytes)
        } catch {
            return   // invalid UTF-8: the markup harness checks its diagnostic
        }
        let document: PreparedDocument
        do {
            document = try Typesetter(options: options).prepare(source, baseDirectory: FuzzInput.picturesDirectory)
        } catch let failure as DocumentFailure {
            _ = failure.description
            return
        } catch {
            fatalError("layout threw \(error), not a document failure")
        }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        do {
            _ = try DocumentWriter(text: document.text, pictureFiles: document.pictures)
                .writePDF(document.pages().prefix(maximumPages), to: outputPath, metadata: document.metadata)
        } catch {
            fatalError("the layout accepted the document but drawing failed: \(error)")
        }
        guard FileManager.default.fileExists(atPath: outputPath) else { fatalError("no PDF written") }
        if let problem = PDFResourceCheck.problem(inPDFAt: outputPath) {
            fatalError("qpdf finds a problem in the PDF's pages: \(problem)")
        }
    }
}
