import Diagnostics
import Markup

extension PageTemplate {
    /// An error at each `<section>` whose columns these pages cannot hold: they would be too
    /// narrow to set text (`sectionProblem(columns:gutter:)` says why).
    public func sectionProblems(_ sections: [SectionDeclaration]) -> [Diagnostic] {
        sections.compactMap { section in
            sectionProblem(columns: section.style.columns, gutter: section.style.gutter).map {
                .error("section: \($0)", at: section.location, sourceLine: section.sourceLine)
            }
        }
    }
}
