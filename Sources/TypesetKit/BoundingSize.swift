import Fonts
import Foundation
import Layout
import Text

/// "How tall is this text at this width?" — what a table view asks before it lays out a cell,
/// with NSAttributedString's boundingRect(with:options:context:).
extension AttributedText {
    /// The size the text takes set `width` points wide, with no limit on height: exactly what
    /// the framesetter lays out in a container of that width (see
    /// `Framesetter.suggestedFrameSize(width:)`). Height: from the first line's top to the last
    /// line's descent (or the lowest floated picture); width: the widest line. Round up to whole
    /// points (or pixels) before sizing a view by it.
    ///
    /// Faces are resolved from `library` as the typesetter resolves a document's: each face the
    /// text names (a missing one falls back to the library's body family), and fallback faces
    /// for characters those lack.
    public func boundingSize(width: Double, fonts library: FontLibrary) throws -> Size {
        Framesetter(text: self, fonts: try fontTable(from: library)).suggestedFrameSize(width: width)
    }

    /// `boundingSize(width:fonts:)` with the bundled fonts, found as the `typeset` command finds
    /// them (`$TYPESET_FONTS`, else beside the executable); the body family is
    /// `TypesetOptions.defaultFontFamily`. The library is loaded once per process, and calls
    /// are taken one at a time.
    public func boundingSize(width: Double) throws -> Size {
        try BundledFonts.shared.withLibrary { try boundingSize(width: width, fonts: $0) }
    }

    /// Every face the text's attribute runs name, and faces for the characters they lack.
    private func fontTable(from library: FontLibrary) throws -> FontTable {
        var seen: Set<FontDescriptor> = []
        let requests = attributeRuns(in: 0 ..< length).map(\.attributes.fontRequest).filter { seen.insert($0).inserted }
        return try FontTableBuilder.table(for: requests, covering: self, library: library)
    }
}

/// The bundled fonts' library, made on first use and shared by the process.
private final class BundledFonts: @unchecked Sendable {
    static let shared = BundledFonts()
    private let lock = NSLock()
    private var library: FontLibrary?

    func withLibrary<Result>(_ body: (FontLibrary) throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        if library == nil {
            guard let directory = FontLibrary.locateBundledFonts() else {
                throw DocumentFailure([.error("cannot find the bundled fonts folder; set TYPESET_FONTS to it")])
            }
            library = try FontLibrary(fontsDirectory: directory, bodyFamily: TypesetOptions.defaultFontFamily)
        }
        return try body(library!)
    }
}
