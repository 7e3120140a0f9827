import ArgumentParser
import Render

/// `--pages 1,3-5`: the pages written (`PageSelection`). A list that cannot be read is kept
/// with its problem, so that `validate` names the bad part (a usage error, exit status 2)
/// rather than ArgumentParser's bare "invalid value".
struct PagesArgument: ExpressibleByArgument {
    var selection = PageSelection.all
    var problem: String?

    init(argument: String) {
        do {
            selection = try PageSelection(parsing: argument)
        } catch {
            problem = "--pages \(error)"
        }
    }
}

/// The `--pages` option, shared by the commands that write pages (`render`, `watch`).
struct PagesOption: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Write only these pages: numbers and ranges such as 1,3-5; 7- runs to the last page, -3 from the first. The whole document is laid out (page numbers and {pages} are the whole's, and so is the layout JSON); PNG pages keep their numbers (NAME-003.png); a PDF holds the pages in order, with their bookmarks. A page past the end is a warning (an error with --strict); a list that selects no page is an error.",
                               valueName: "list"))
    var pages: PagesArgument?

    func validate() throws {
        if let problem = pages?.problem { throw ValidationError(problem) }
    }

    /// The pages written: every page without `--pages`.
    var selection: PageSelection { pages?.selection ?? .all }
}
