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
