import Foundation
@testable import Images
import XCTest

/// librsvg and poppler-glib are not linked: `typeset` opens each the first time a document has
/// a picture of its kind, and a renderer it cannot open is an error that names it.
final class VectorRenderersTests: XCTestCase {
    /// The libraries `typeset` loaded (the dynamic loader's own account, `LD_DEBUG=files`)
    /// setting `markup`, with the vector-pictures fixture's files beside it.
    private func librariesLoaded(setting markup: String) throws -> String {
        let directory = try makeTemporaryDirectory()
        let fixture = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/vector-pictures")
        for name in ["logo.svg", "advert.pdf"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        let run = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"], in: directory, environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(run.status, 0, run.stderr.suffix(2000).description)
        return run.stderr
    }

    func testADocumentWithoutVectorPicturesLoadsNeitherRenderer() throws {
        let loaded = try librariesLoaded(setting: "One line of text.\n")
        XCTAssertFalse(loaded.contains("librsvg-2.so"), "librsvg was loaded")
        XCTAssertFalse(loaded.contains("libpoppler-glib.so"), "poppler-glib was loaded")
    }

    func testEachRendererIsOpenedWhenAPictureOfItsKindIsRead() throws {
        let svgOnly = try librariesLoaded(setting: "<img src=\"logo.svg\" alt=\"Logo\">\n")
        XCTAssertTrue(svgOnly.contains("file=librsvg-2.so.2 [0];  dynamically loaded by"), "librsvg was not opened")
        XCTAssertFalse(svgOnly.contains("libpoppler-glib.so"), "poppler-glib was loaded for an SVG")
        let both = try librariesLoaded(setting: "<img src=\"logo.svg\" alt=\"Logo\">\n\n<img src=\"advert.pdf\" alt=\"Advertisement\">\n")
        XCTAssertTrue(both.contains("file=libpoppler-glib.so.8 [0];  dynamically loaded by"), "poppler-glib was not opened")
    }

    func testALibraryThatCannotBeOpenedIsAnErrorNamingItAndItsPackage() {
        XCTAssertThrowsError(try SharedLibrary(file: "libtypeset-no-such-renderer.so.2", drawing: "SVG", package: "librsvg2-2")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("SVG pictures are drawn by libtypeset-no-such-renderer.so.2, which cannot be used ("), message)
            XCTAssertTrue(message.contains("cannot open shared object file"), message)
            XCTAssertTrue(message.hasSuffix("install it (Debian's package librsvg2-2)"), message)
        }
    }

    /// A library too old (or not the one typeset was written for) lacks a function it calls.
    func testAFunctionTheLibraryLacksIsTheSameError() throws {
        let library = try SharedLibrary(file: "libc.so.6", drawing: "PDF", package: "libpoppler-glib8")
        XCTAssertThrowsError(try library.function("poppler_page_render_for_printing") as @convention(c) () -> Void) { error in
            guard case VectorFileError.rendererUnavailable(_, let file, _, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "libc.so.6")
            XCTAssertTrue(reason.contains("undefined symbol: poppler_page_render_for_printing"), reason)
        }
    }
}
