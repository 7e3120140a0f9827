import Foundation

/// What the fuzzer found in one document: its seed, the finding, and the document shrunk to
/// the smallest that still shows a finding of that kind.
public struct FuzzFailure: Sendable, CustomStringConvertible {
    public var seed: UInt64
    public var finding: LayoutFinding
    public var original: FuzzDocument
    public var shrunk: FuzzDocument

    public init(seed: UInt64, finding: LayoutFinding, original: FuzzDocument, shrunk: FuzzDocument) {
        self.seed = seed
        self.finding = finding
        self.original = original
        self.shrunk = shrunk
    }

    /// Everything needed to set the document again: the seed, the finding, and the shrunk
    /// document as a fixture file (its options in its second line).
    public var description: String {
        "layout fuzz seed \(seed): \(finding.message)\n"
            + "shrunk from \(original.lines.count) to \(shrunk.lines.count) lines; as a fixture (typeset with the options on its third line):\n"
            + shrunk.fixtureText(seed: seed, finding: finding)
    }
}

/// Runs documents seed by seed through a `LayoutCheck`, shrinking each one that fails.
public struct LayoutFuzzer {
    public var check: LayoutCheck
    /// Candidates the shrinker may try for one failure.
    public var shrinkBudget: Int

    public init(check: LayoutCheck, shrinkBudget: Int = 300) {
        self.check = check
        self.shrinkBudget = shrinkBudget
    }

    /// The failure of `seed`'s document, shrunk, or nil when it passes.
    public func run(seed: UInt64) -> FuzzFailure? {
        let document = DocumentGenerator.document(seed: seed)
        guard let finding = check.findings(in: document).first else { return nil }
        return failure(seed: seed, document: document, finding: finding)
    }

    /// `document`'s failure with `finding`: the document shrunk, and the finding as the shrunk
    /// document shows it (its places and numbers are those of the fixture a reader opens).
    public func failure(seed: UInt64, document: FuzzDocument, finding: LayoutFinding) -> FuzzFailure {
        let shrunk = shrink(document, keeping: finding.kind)
        let shown = check.findings(in: shrunk).first { $0.kind == finding.kind } ?? finding
        return FuzzFailure(seed: seed, finding: shown, original: document, shrunk: shrunk)
    }

    /// `document` made as small as it can be while it still has a finding of `kind`.
    public func shrink(_ document: FuzzDocument, keeping kind: String) -> FuzzDocument {
        guard let workspace = try? FuzzWorkspace(pictureFolder: check.pictureFolder) else { return document }
        var shrinker = Shrinker(budget: shrinkBudget) { candidate in
            check.findings(in: candidate, workspace: workspace).contains { $0.kind == kind }
        }
        return shrinker.shrink(document)
    }
}
