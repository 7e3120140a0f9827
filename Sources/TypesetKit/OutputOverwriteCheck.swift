import Diagnostics
import Foundation
import Render
import Text

/// No file a run writes may be one the document is made from, nor one another output of the
/// run writes: `-o out.png` whose page file `out-001.png` is one of its pictures,
/// `--layout-json pic.png`, `--layout-json chapter.txt` (an `<include>`d file) or
/// `--depfile font.otf` overwrote the document's own files and exited 0, and `-o out.png
/// --layout-json out-001.png` lost the layout JSON under the first page. The command line's
/// checks see only the files it names; the pictures, included files, style sheets, fonts and
/// page names are known once the document is read, so they are checked here, before anything
/// is written. Paths are compared as the file system resolves them (symbolic links followed).
struct OutputOverwriteCheck {
    /// What the run writes: the output (PDF, or the first part of each PNG page's name), and
    /// the other files it names (layout JSON, depfile).
    var output: String
    var outputIsPNGPages: Bool
    var otherOutputs: [(option: String, path: String)]

    /// A file the document is read from, other than its pictures: what it is in a message
    /// ("the font file") and its path.
    struct ReadFile {
        var what: String
        var path: String
    }

    /// The files besides the pictures that `dependencies` names: included files, style
    /// sheets, fonts (the markup file itself is the command line's to check).
    static func readFiles(of dependencies: DocumentDependencies) -> [ReadFile] {
        dependencies.includedFiles.map { ReadFile(what: "the included file", path: $0) }
            + dependencies.styleSheets.map { ReadFile(what: "the style sheet", path: $0) }
            + dependencies.fonts.map { ReadFile(what: "the font file", path: $0) }
    }

    /// An error at each picture (at its `<img>`: `places`) or other file an output would
    /// overwrite, and for each output another one writes.
    func problems(pictures: [ImageAttachment], places: ElementPlaces, readFiles: [ReadFile]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var reported = Set<String>()
        // A picture shown on many pages is one path, resolved once (a magazine's 99 `<img>`s name three).
        var looked = Set<String>()
        for image in pictures where looked.insert(image.path).inserted {
            let path = image.path
            guard let writer = writer(of: path), reported.insert(path).inserted else { continue }
            found.append(.error("\(writer) would overwrite this picture (\(path)), which the document is made from; write it elsewhere",
                                at: places.place(of: image)))
        }
        for file in readFiles {
            guard let writer = writer(of: file.path), reported.insert(file.path).inserted else { continue }
            found.append(.error("\(writer) would overwrite \(file.what) \(file.path), which the document is made from; write it elsewhere"))
        }
        for (index, other) in otherOutputs.enumerated() {
            let earlier = OutputOverwriteCheck(output: output, outputIsPNGPages: outputIsPNGPages, otherOutputs: Array(otherOutputs[..<index]))
            if let writer = earlier.writer(of: other.path) {
                found.append(.error("\(other.option) \(other.path) and \(writer) are one file: one would be lost; name another"))
            }
        }
        return found
    }

    /// What would write the file at `path`, in the words of the command line; nil: nothing.
    private func writer(of path: String) -> String? {
        let target = Self.resolved(path)
        if outputIsPNGPages {
            let base = PNGPageNames.base(of: Self.resolved(output))
            if PathFolder.of(target) == PathFolder.of(base),
               PNGPageNames.pageNumber(ofFile: (target as NSString).lastPathComponent, base: base) != nil {
                return "the page \(target) of the output \(output)"
            }
        } else if Self.resolved(output) == target {
            return "the output \(output)"
        }
        return otherOutputs.first { Self.resolved($0.path) == target }.map { "\($0.option) \($0.path)" }
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
