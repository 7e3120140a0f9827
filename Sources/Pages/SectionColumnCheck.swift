import Diagnostics
import Markup

extension PageTemplate {
    /// An error at each `<section>` whose columns these pages cannot hold: they would be too
    /// narrow to set text (`sectionProblem(columns:gutter:)` says why). And a warning at the
    /// `column-rule` of each section that takes the page's columns when the page has one: it
    /// has no gutter to rule (the markup warns when the section itself asks for one column).
    public func sectionProblems(_ sections: [SectionDeclaration]) -> [Diagnostic] {
        sections.flatMap { section -> [Diagnostic] in
            var problems = sectionProblem(columns: section.style.columns, gutter: section.style.gutter).map {
                [Diagnostic.error("section: \($0)", at: section.location, sourceLine: section.sourceLine)]
            } ?? []
            if columns == 1, section.style.columns == nil, let location = section.columnRuleLocation {
                problems.append(.warning("column-rule has no effect: the section takes the page's one column (--columns 1); ignored",
                                         at: location, sourceLine: section.columnRuleSourceLine))
            }
            return problems
        }
    }
}
