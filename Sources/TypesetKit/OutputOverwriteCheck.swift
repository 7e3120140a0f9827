import Diagnostics
import Foundation
import Render
import Text

/// No file a run writes may be one the document is made from: `-o out.png` whose page file
/// `out-001.png` is one of its pictures, `--layout-json pic.png` or `--depfile font.otf`
/// overwrote the document's own picture or font and exited 0. The command line's checks see
/// only the inputs; the pictures and fonts are known once the document is read, so they are
/// checked here, before anything is written. Paths are compared as the file system resolves
/// them (symbolic links followed).
struct OutputOverwriteCheck {
    /// What the run writes: the output (PDF, or the first part of each PNG page's name), and
    /// the other files it names (layout JSON, depfile).
    var output: String
    var outputIsPNGPages: Bool
    var otherOutputs: [(option: String, path: String)]

    /// An error at each picture (at its `<img>`) or font file an output would overwrite.
    func problems(pictures: [ImageAttachment], fonts: [String]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var reported = Set<String>()
        for image in pictures {
            let path = image.path
            guard let writer = writer(of: path), reported.insert(path).inserted else { continue }
            found.append(.error("\(writer) would overwrite this picture (\(path)), which the document is made from; write it elsewhere",
                                at: image.location, sourceLine: image.sourceLine))
        }
        for path in fonts {
            guard let writer = writer(of: path), reported.insert(path).inserted else { continue }
            found.append(.error("\(writer) would overwrite the font file \(path) the document is set in; write it elsewhere"))
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
