import Foundation

/// Where messages and help send a reader for the markup: `man typeset-markup` when the program
/// runs from an installation that has the page (`make install` puts it in
/// PREFIX/share/man/man7, beside PREFIX/bin), else `docs/markup.md`, in the source tree the
/// program was built in. A user of an installed program has no `docs/` folder.
public enum MarkupReference {
    public static let manualPage = "typeset-markup"

    /// "`man typeset-markup`" or "docs/markup.md", found once.
    public static let place: String = place(executablePath: RunningExecutable.path)

    /// The reference for the program at `executablePath`.
    public static func place(executablePath: String) -> String {
        let prefix = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = prefix.appendingPathComponent("share/man/man7/\(manualPage).7").path
        return FileManager.default.fileExists(atPath: page) ? "`man \(manualPage)`" : "docs/markup.md"
    }
}
