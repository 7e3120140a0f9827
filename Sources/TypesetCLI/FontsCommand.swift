import ArgumentParser
import Fonts
import TypesetKit

/// `typeset fonts`: the font families `--font` and the markup's `face` can name, the bundled
/// ones first (they win over a system face of the same name), as `typst fonts` lists its own.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font families --font and <font face> can name: the bundled ones, then the system's.")

    func run() throws {
        try FontsEnvironment.check()
        guard let directory = FontLibrary.locateBundledFonts() else {
            throw ValidationError("cannot find the bundled fonts folder; set \(FontsEnvironment.variable) to it")
        }
        let families = try FontLibrary(fontsDirectory: directory, bodyFamily: TypesetOptions.defaultFontFamily).familyNames()
        print("Bundled (\(directory)):")
        for name in families.bundled { print("  \(name)") }
        print("System:")
        for name in families.system { print("  \(name)") }
    }
}
