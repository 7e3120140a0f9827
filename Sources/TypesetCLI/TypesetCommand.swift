import ArgumentParser

/// `typeset`: its commands. Rendering is the default, so `typeset FILE` typesets FILE.
struct TypesetCommand: ParsableCommand {
    private static let name = CommandName.invoked

    static let configuration = CommandConfiguration(
        commandName: CommandName.invoked,
        abstract: "Typeset magazine articles written in light markup into PDF or PNG pages.",
        discussion: """
        `\(name) FILE` typesets FILE (the render command); `\(name) help render` lists its options.
        `\(name) compare --golden DIR FILE…` checks pages against approved images (`\(name) help compare`).
        `\(name) watch FILE` typesets FILE again whenever it or its pictures change (`\(name) help watch`).
        `\(name) fonts` lists the font families --font and <font face> can name.
        In bash and zsh, whose builtin `typeset` runs before any program of that name, type \
        `typesetter`, or source PREFIX/share/typeset/typeset-integration.sh (see typeset(1)).
        Exit status: 0 on success; 1 when a document has errors (a file that cannot be read, \
        bad markup, a failed write); 2 for a problem with the options (an unknown option or a \
        bad value, margins too small for the page or the running heads given, an output place \
        that cannot be written), when nothing is typeset.
        """ + OverviewHelp.sectionWhenShown,
        version: TypesetVersion.report,
        subcommands: [RenderCommand.self, CompareCommand.self, WatchCommand.self, FontsCommand.self],
        defaultSubcommand: RenderCommand.self)
}
