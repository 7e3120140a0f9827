import ArgumentParser

/// `typeset`: its commands. Rendering is the default, so `typeset FILE` typesets FILE.
struct TypesetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typeset",
        abstract: "Typeset magazine articles written in light markup into PDF or PNG pages.",
        discussion: """
        `typeset FILE` typesets FILE (the render command); `typeset help render` lists its options.
        `typeset compare --golden DIR FILE…` checks pages against approved images (`typeset help compare`).
        `typeset watch FILE` typesets FILE again whenever it or its pictures change (`typeset help watch`).
        Exit status: 0 on success; 1 when a document has errors (a file that cannot be read, \
        bad markup, a failed write); 2 for a problem with the options (an unknown option or a \
        bad value, margins too small for the page or the running heads given, an output place \
        that cannot be written), when nothing is typeset.
        """ + OverviewHelp.sectionWhenShown,
        version: TypesetVersion.report,
        subcommands: [RenderCommand.self, CompareCommand.self, WatchCommand.self],
        defaultSubcommand: RenderCommand.self)
}
