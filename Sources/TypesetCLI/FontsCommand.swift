import ArgumentParser
import Fonts
import TypesetKit

/// `typeset fonts`: the font families `--font` and the markup's `face` can name, the bundled
/// ones first (they win over a system face of the same name), as `typst fonts` lists its own.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font families --font and <font face> can name: the bundled ones, those of --font-path, then the system's.")

    @OptionGroup
    var fontPaths: FontPathOption

    func run() throws {
        guard let directory = FontLibrary.locateBundledFonts() else {
            throw ValidationError("cannot find the bundled fonts folder; set \(FontsEnvironment.variable) to it")
        }
        let families = try FontLibrary(fontsDirectory: directory, bodyFamily: TypesetOptions.defaultFontFamily,
                                       extraDirectories: fontPaths.all).familyNames()
        print("Bundled (\(directory)):")
        for name in families.bundled { print("  \(name)") }
        if !fontPaths.all.isEmpty {
            print("From --font-path and \(FontPathOption.variable) (\(fontPaths.all.joined(separator: ", "))):")
            for name in families.extra { print("  \(name)") }
        }
        print("System:")
        for name in families.system { print("  \(name)") }
    }
}
