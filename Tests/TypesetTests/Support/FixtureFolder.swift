import Foundation
import Pages
import TypesetKit

/// A folder of `Fixtures/` whose documents a test sets: each read by its name, and laid out with
/// the typesetter's defaults, its pictures found in `pictures` (the folder itself when nil),
/// every page checked (`checkedPages`).
struct FixtureFolder {
    let url: URL
    let pictures: URL?

    init(_ name: String, pictures: URL? = nil) {
        url = TestSupport.repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(name)
        self.pictures = pictures
    }

    /// The markup of `name`.txt.
    func markup(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name + ".txt"), encoding: .utf8)
    }

    func layOut(_ markup: String) throws -> (document: PreparedDocument, pages: [Page]) {
        try SectionTesting.layOut(markup, baseDirectory: (pictures ?? url).path)
    }
}
