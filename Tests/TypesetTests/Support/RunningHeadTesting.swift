import TypesetKit

extension TypesetOptions {
    /// A header on every page, the first included, and a footer with the page number: the
    /// running heads an element that bleeds at the top or the foot covers.
    mutating func addHeaderAndFooter() throws {
        header = try RunningTemplate(parsing: "Zombie Monthly||Lift-off")
        headerOnFirstPage = true
        footer = try RunningTemplate(parsing: "||{page}")
    }
}
