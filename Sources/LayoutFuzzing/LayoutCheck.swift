import Diagnostics
import Foundation
import Pages
import TypesetKit

/// Checks one generated document: sets it in-process, as `typeset` would, and asks what is
/// wrong with it. Two sources of findings:
///
/// - the run's own error diagnostics. A markup error is the generator's bug (it must write
///   valid markup) unless the pipeline is wrong to refuse the markup; any other error is a
///   finding. Once the page checker lands (every page `typeset` draws checked, each violation
///   an error diagnostic beginning `page check:`), its findings arrive here with the others:
///   `drawsPages` makes the run draw its pages so that they are checked.
/// - `inspectPages`, a check of the laid-out pages given by the caller: until the page checker
///   lands, the tests pass the test-side `PagePropertyChecker` (LayoutFuzzTests.inspectPages,
///   the one line to drop when the page checker's diagnostics take over).
public struct LayoutCheck {
    /// Findings about a prepared document's pages.
    public typealias PageInspection = (PreparedDocument, [Page]) -> [LayoutFinding]

    public var fontsDirectory: String
    public var pictureFolder: URL
    public var inspectPages: PageInspection?
    /// Whether the pages are drawn into a PDF (where the page checker checks them), rather than
    /// only laid out.
    public var drawsPages: Bool

    public init(fontsDirectory: String, pictureFolder: URL, inspectPages: PageInspection? = nil, drawsPages: Bool = false) {
        self.fontsDirectory = fontsDirectory
        self.pictureFolder = pictureFolder
        self.inspectPages = inspectPages
        self.drawsPages = drawsPages
    }

    /// Everything wrong with `document`, in a fresh workspace.
    public func findings(in document: FuzzDocument) -> [LayoutFinding] {
        do {
            let workspace = try FuzzWorkspace(pictureFolder: pictureFolder)
            return findings(in: document, workspace: workspace)
        } catch {
            return [LayoutFinding(kind: "workspace", message: "cannot make a workspace: \(error)")]
        }
    }

    /// Everything wrong with `document`, set in `workspace` (reused by the shrinker's runs).
    public func findings(in document: FuzzDocument, workspace: FuzzWorkspace) -> [LayoutFinding] {
        let typesetter = Typesetter(options: document.options.typesetOptions(fontsDirectory: fontsDirectory))
        let source = MarkupSource(fileName: "fuzz.txt", text: document.markup)
        do {
            let prepared = try typesetter.prepare(source, baseDirectory: workspace.directory.path)
            var found: [LayoutFinding] = []
            if let inspectPages { found += inspectPages(prepared, Array(prepared.pages())) }
            if drawsPages {
                let output = workspace.directory.appendingPathComponent("fuzz.pdf").path
                let report = try typesetter.typeset(source, baseDirectory: workspace.directory.path, outputPath: output)
                found += Self.findings(from: report.diagnostics)
            }
            return found
        } catch let failure as DocumentFailure {
            return Self.findings(from: failure.diagnostics)
        } catch {
            return [LayoutFinding(kind: "run", message: "\(error)")]
        }
    }

    /// The errors among `diagnostics`, a markup error kept apart by its kind.
    static func findings(from diagnostics: [Diagnostic]) -> [LayoutFinding] {
        diagnostics.filter { $0.severity == .error }.map { diagnostic in
            let located = diagnostic.location.map { "\($0): " } ?? ""
            var finding = LayoutFinding(message: located + "error: " + diagnostic.message)
            finding.kind = "error: " + LayoutFinding.kind(of: diagnostic.message)
            return finding
        }
    }
}
