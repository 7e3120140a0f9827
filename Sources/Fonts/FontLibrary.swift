import CFontconfig
import CFreeType
import Diagnostics
import Foundation
import Text

/// The result of asking for a family: the face to use, and whether it is a stand-in.
public struct FontResolution: Sendable {
    public var font: Font
    /// True when no installed face has the requested family and the body face stands in.
    public var isFallback: Bool
    /// True when the family has no face of the weight or slant asked for, and another of its
    /// faces stands in (bold and italic are never faked by smearing or slanting).
    public var lacksStyle: Bool = false
}

/// Finds faces by family name with fontconfig — the bundled `fonts/` first, then the
/// system's — and loads each face once.
///
/// Not thread-safe: FreeType faces are not. Give each concurrently typeset document its own.
public final class FontLibrary: @unchecked Sendable {
    public let fontsDirectory: String
    public let bodyFamily: String
    /// Folders of more fonts the user named (`--font-path`), searched with the bundled ones.
    public let extraDirectories: [String]
    let bundled: FontconfigConfiguration
    /// Built when the bundle lacks a family or a character, never before: loading it reads every
    /// system font's cache (a third of a one-line document's start-up, and its mapped memory).
    private(set) lazy var system: FontconfigConfiguration? = try? FontconfigConfiguration.system(aliases: aliasFile)
    private let aliasFile: String?
    let library: FreeTypeLibrary
    private var fontsByFile: [String: Font] = [:]
    private var resolutions: [String: FontResolution] = [:]
    private var nextFontID = 0
    /// Every family there is, listed at the first family not found (`familyNames`): listing
    /// reads every face of the bundle and the system, and a document may name many unknown ones.
    var listedFamilies: FontFamilies?
    /// Sorted candidates and faces found for characters the chosen faces lack (FontFallback.swift).
    let fallbackCache = FallbackCache()

    /// - Parameters:
    ///   - fontsDirectory: the bundled fonts; its `fonts.conf`, when present, holds alias rules.
    ///   - bodyFamily: the family that stands in for one that cannot be found.
    ///   - extraDirectories: folders of the user's fonts, searched before the system's, as
    ///     Typst's `--font-path` is.
    public init(fontsDirectory: String, bodyFamily: String, extraDirectories: [String] = []) throws {
        self.fontsDirectory = fontsDirectory
        self.bodyFamily = bodyFamily
        self.extraDirectories = extraDirectories
        let aliases = fontsDirectory + "/fonts.conf"
        aliasFile = FileManager.default.fileExists(atPath: aliases) ? aliases : nil
        bundled = try FontconfigConfiguration.bundled(directory: fontsDirectory, extraDirectories: extraDirectories, aliases: aliasFile)
        library = try FreeTypeLibrary()
    }

    /// The face for `family`: a bundled face of that family (or an alias of it) or one in the
    /// extra folders, else a system
    /// face of that family, else the body face with `isFallback` set.
    public func resolve(family: String, weight: Int = 400, italic: Bool = false) throws -> FontResolution {
        let key = "\(family.lowercased())|\(weight)|\(italic)"
        if let known = resolutions[key] { return known }
        var resolution: FontResolution
        if let match = bundled.match(family: family, weight: weight, italic: italic), match.isRequestedFamily {
            resolution = FontResolution(font: try load(match), isFallback: false, lacksStyle: Self.lacksStyle(match, weight, italic))
        } else if let match = system?.match(family: family, weight: weight, italic: italic), match.isRequestedFamily {
            resolution = FontResolution(font: try load(match), isFallback: false, lacksStyle: Self.lacksStyle(match, weight, italic))
        } else if family.lowercased() != bodyFamily.lowercased() {
            resolution = try resolve(family: bodyFamily, weight: weight, italic: italic)
            resolution.isFallback = true
        } else if let match = bundled.match(family: family, weight: weight, italic: italic) {
            // The body family itself is missing: take fontconfig's best bundled face.
            resolution = FontResolution(font: try load(match), isFallback: true)
        } else {
            throw FontError.noFonts(directory: fontsDirectory)
        }
        resolutions[key] = resolution
        return resolution
    }

    public func resolve(_ descriptor: FontDescriptor) throws -> FontResolution {
        try resolve(family: descriptor.family, weight: descriptor.weight, italic: descriptor.italic)
    }

    /// Whether fontconfig had to give a lighter or upright face for a bold or italic request.
    private static func lacksStyle(_ match: FontconfigConfiguration.Match, _ weight: Int, _ italic: Bool) -> Bool {
        let wantsBold = weight >= 600
        let isBold = match.weight >= FC_WEIGHT_DEMIBOLD
        let isSlanted = match.slant != FC_SLANT_ROMAN
        return (wantsBold && !isBold) || (!wantsBold && weight <= 500 && match.weight >= FC_WEIGHT_BOLD) || (italic != isSlanted)
    }

    private func load(_ match: FontconfigConfiguration.Match) throws -> Font {
        try load(path: match.path, faceIndex: match.faceIndex)
    }

    /// The face at `path` and `faceIndex`, loaded on first use: one `Font` (and one id) per face.
    func load(path: String, faceIndex: Int) throws -> Font {
        let key = "\(path)#\(faceIndex)"
        if let font = fontsByFile[key] { return font }
        let font = try Font(id: nextFontID, library: library, path: path, faceIndex: faceIndex)
        nextFontID += 1
        fontsByFile[key] = font
        return font
    }

    /// Where the bundled fonts are: `$TYPESET_FONTS` when set; else a `fonts/` folder (with a
    /// `fonts.conf`) beside the executable or above it (a build folder inside the source tree);
    /// else `share/typeset/fonts` of an installation prefix.
    public static func locateBundledFonts(executablePath: String = runningExecutablePath) -> String? {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["TYPESET_FONTS"], !explicit.isEmpty {
            return explicit
        }
        var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 6 {
            for candidate in ["fonts", "share/typeset/fonts", "../share/typeset/fonts"] {
                let path = directory.appendingPathComponent(candidate).standardizedFileURL.path
                if fileManager.fileExists(atPath: path + "/fonts.conf") { return path }
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// The running executable's own file (`RunningExecutable`).
    public static var runningExecutablePath: String { RunningExecutable.path }
}
