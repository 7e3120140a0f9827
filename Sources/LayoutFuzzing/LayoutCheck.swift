import Diagnostics
import Foundation
import Pages
import TypesetKit

/// Checks one generated document: sets it in-process and draws it into a PDF, as `typeset`
/// would, with the page checker on whatever the build (`TypesetOptions.checksPages`), and
/// returns the run's error diagnostics: each page checker finding (`page check: …`) and any
/// other error. A markup error is the generator's bug (it must write valid markup) unless the
/// pipeline is wrong to refuse the markup.
public struct LayoutCheck {
    public var fontsDirectory: String
    public var pictureFolder: URL

    public init(fontsDirectory: String, pictureFolder: URL) {
        self.fontsDirectory = fontsDirectory
        self.pictureFolder = pictureFolder
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
        var options = document.options.typesetOptions(fontsDirectory: fontsDirectory)
        options.checksPages = true
        let source = MarkupSource(fileName: "fuzz.txt", text: document.markup)
        do {
            let output = workspace.directory.appendingPathComponent("fuzz.pdf").path
            let report = try Typesetter(options: options).typeset(source, baseDirectory: workspace.directory.path, outputPath: output)
            return Self.findings(from: report.diagnostics)
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
