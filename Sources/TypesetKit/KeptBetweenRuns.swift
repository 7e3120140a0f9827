import Fonts
import Markup
import Pages
import Render
import Shaping

/// What the runs of one document under `typeset watch` hand on from one to the next: the pages
/// of the last setting, for the pages an edit does not reach (`pages`), and what does not depend
/// on the text. The font library (fontconfig's configuration of the bundled fonts,
/// each face loaded once, the fallbacks found for characters) and the shaper with the words it
/// has shaped, keyed by face, language, features and the word and bounded by bytes
/// (`Shaper.cacheBudget`). A run then shapes only the words that are new to it. The output does
/// not depend on what is kept: a kept face is the file's face, a kept word the glyphs HarfBuzz
/// gave it (`WatchCommandLineTests` compares a watch's PDF with a cold run's, byte for byte).
///
/// The shaper's words are keyed by the library's face ids, so the two are kept together: a run
/// whose fonts are looked for elsewhere (another folder, body face or font path) starts both
/// again. One run at a time: faces and the shaper are not thread-safe.
public final class KeptBetweenRuns: @unchecked Sendable {
    private var kept: (library: FontLibrary, shaper: Shaper)?
    /// The pages of the last run that reached the document's end, for the next to take again
    /// where its edit did not reach them (`PageReuse`): the faces they were set in must be
    /// the next run's, which `PageReuse` checks.
    public let pages = KeptPages()
    /// The streams the last run deflated, for the next to take again where they are alike
    /// (`KeptDeflates`).
    public let deflates = KeptDeflates()
    /// The text layer's pages the last run wrote, for the next to take again where the page
    /// and the layer's state at its start are alike (`KeptTextLayerPages`).
    public let textLayerPages = KeptTextLayerPages()
    /// The heights the last run's box fitting measured, for the next to take again for the
    /// boxes its edit did not reach (`KeptBoxHeights`).
    public let boxHeights = KeptBoxHeights()
    /// The pictures the last run checked and loaded, for the next to take again where their
    /// files' bytes are alike (`KeptPictures`).
    public let pictures = KeptPictures()
    /// The last run's parses, for the next to go on from where its markup first changed
    /// (`KeptParses`).
    public let parses = KeptParses()
    /// The files the last run's markup read or looked for (`MarkupDocument.filesLookedFor`),
    /// whether or not the run went on to succeed: after a run that failed, what `typeset
    /// watch` waits on (a picture named and missing among them).
    public internal(set) var filesLookedFor: [String] = []

    public init() {}

    /// The library that finds fonts as `made` would, kept from the run before when it found
    /// them in the same places; `made` makes a new one otherwise.
    func library(like wanted: FontLibraryPlaces, made: () throws -> FontLibrary) rethrows -> FontLibrary {
        if let kept, FontLibraryPlaces(kept.library) == wanted { return kept.library }
        let library = try made()
        kept = (library, Shaper())
        return library
    }

    /// The shaper for text in the kept library's faces (a new one before any library is kept).
    var shaper: Shaper { kept?.shaper ?? Shaper() }
}

/// Where a font library looks for faces, and its stand-in: two libraries alike in these find
/// the same faces.
struct FontLibraryPlaces: Equatable {
    var fontsDirectory: String
    var bodyFamily: String
    var extraDirectories: [String]

    init(fontsDirectory: String, bodyFamily: String, extraDirectories: [String]) {
        self.fontsDirectory = fontsDirectory
        self.bodyFamily = bodyFamily
        self.extraDirectories = extraDirectories
    }

    init(_ library: FontLibrary) {
        self.init(fontsDirectory: library.fontsDirectory, bodyFamily: library.bodyFamily, extraDirectories: library.extraDirectories)
    }
}
