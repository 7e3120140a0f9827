import ArgumentParser
import Text

/// `--header` and `--footer`: a running-head template. A template that cannot be read is
/// kept with its problem, so that `validate` can say which option it came from (a usage
/// error, exit status 2) with the reason rather than ArgumentParser's bare "invalid value".
struct RunningTemplateArgument: ExpressibleByArgument {
    var template: RunningTemplate
    var problem: String?

    init?(argument: String) {
        do throws(RunningTemplateError) {
            template = try RunningTemplate(parsing: argument)
        } catch {
            template = RunningTemplate()
            let before = String(decoding: Array(argument.utf16.prefix(error.offset)), as: UTF16.self)
            problem = "\"\(argument)\": \(error.message) (at character \(before.count + 1))"
        }
    }
}
