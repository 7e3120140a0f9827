import Diagnostics
import Foundation
import Markup
import Pages
import Render
import TypesetKit

/// One fuzz input as a picture file (a PNG or a JPEG, by its first bytes) in a one-line
/// document, checked, then drawn into a PDF and as pixels: every chunk length, chunk type,
/// frame marker (coding mode) and segment length the mutations make goes through the header
/// probe, the preflight, the decoders and the PDF's embedding. A picture the preflight refused
/// must be refused at its tag; one it passed must draw. An input that makes a decoder allocate
/// what its bytes only claim shows as libFuzzer's memory limit (`-rss_limit_mb`).
public enum PictureFuzzTarget {
    static let options: TypesetOptions = {
        var options = PipelineFuzzTarget.options
        options.imageRoot = directory
        return options
    }()

    /// The input's own folder: the picture is written there, and the document looks nowhere else.
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("typeset-fuzz-pictures-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    public static func run(_ bytes: [UInt8]) {
        guard options.fontsDirectory != nil else { fatalError("cannot find the bundled fonts folder; set TYPESET_FONTS to it") }
        let name = bytes.starts(with: [0xFF, 0xD8]) ? "picture.jpg" : "picture.png"
        let picture = (directory as NSString).appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: picture, contents: Data(bytes)) else { fatalError("cannot write \(picture)") }
        defer { try? FileManager.default.removeItem(atPath: picture) }
        let markup = "A picture:\n<img src=\"\(name)\" width=\"60\">\n"
        let document: PreparedDocument
        do {
            let source = try MarkupSource(fileName: FuzzInput.fileName, bytes: Array(markup.utf8))
            document = try Typesetter(options: options).prepare(source, baseDirectory: directory)
        } catch let failure as DocumentFailure {
            FuzzInput.requireLocated(failure.diagnostics, lineCount: 3)
            return
        } catch {
            fatalError("the picture's check threw \(error), not a document failure")
        }
        let output = (directory as NSString).appendingPathComponent("out.pdf")
        defer { try? FileManager.default.removeItem(atPath: output) }
        do {
            _ = try DocumentWriter(text: document.text).writePDF(document.pages(), to: output, metadata: document.metadata)
            let pages = try DocumentWriter(text: document.text)
                .writePNG(document.pages(), to: (directory as NSString).appendingPathComponent("out.png"), dpi: 36)
            for page in pages { try? FileManager.default.removeItem(atPath: page) }
        } catch {
            fatalError("the preflight passed the picture but drawing it failed: \(error)")
        }
    }
}
