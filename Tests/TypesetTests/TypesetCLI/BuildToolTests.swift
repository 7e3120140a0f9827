import Foundation
import XCTest

/// `--depfile` under the engines users run it with (issue 34, item 12): ninja (`deps = gcc`,
/// `depfile =`) and make (the README's rule). A second build does nothing; a touched picture
/// rebuilds only the document that places it.
final class BuildToolTests: XCTestCase {
    /// Two documents, each placing a picture of its own.
    private func project() throws -> URL {
        let directory = try makeTemporaryDirectory()
        for (name, picture) in [("a", "grey8.png"), ("b", "grey.jpg")] {
            try FileManager.default.copyItem(atPath: TestSupport.imagePath(picture), toPath: directory.appendingPathComponent(picture).path)
            try write("Document \(name).\n<img src=\"\(picture)\" width=\"60\" height=\"40\">\n", to: directory.appendingPathComponent("\(name).txt"))
        }
        return directory
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
        environment["SOURCE_DATE_EPOCH"] = "1000000000"
        return environment
    }

    /// Makes `path` newer than anything built so far, as saving it in an editor would (now: a
    /// time in the future would leave the rebuilt output older than its picture).
    private func touch(_ path: URL) throws {
        Thread.sleep(forTimeInterval: 0.05)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path.path)
    }

    private func executable() throws -> String {
        guard let url = TypesetExecutable.url else { throw XCTSkip("the typeset executable was not built") }
        return url.path
    }

    func testNinjaRebuildsOnlyTheDocumentWhosePictureChanged() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ninja") else { throw XCTSkip("ninja is not installed (make deps installs it)") }
        let directory = try project()
        try write("""
            rule typeset
              command = \(try executable()) $in -o $out --depfile $out.d
              depfile = $out.d
              deps = gcc
            build a.pdf: typeset a.txt
            build b.pdf: typeset b.txt

            """, to: directory.appendingPathComponent("build.ninja"))
        func ninja() throws -> String {
            let run = try ShellRun.run("/usr/bin/ninja", ["-v"], in: directory, environment: environment)
            XCTAssertEqual(run.status, 0, run.output)
            return run.output
        }
        let first = try ninja()
        XCTAssertTrue(first.contains("a.txt -o a.pdf") && first.contains("b.txt -o b.pdf"), first)
        XCTAssertTrue(try ninja().contains("no work to do"))
        try touch(directory.appendingPathComponent("grey.jpg"))
        let third = try ninja()
        XCTAssertTrue(third.contains("b.txt -o b.pdf") && !third.contains("a.txt -o a.pdf"), third)
        XCTAssertTrue(try ninja().contains("no work to do"))
    }

    func testMakeRebuildsOnlyTheDocumentWhosePictureChanged() throws {
        let directory = try project()
        try write("""
            PDFS := a.pdf b.pdf
            all: $(PDFS)
            %.pdf: %.txt
            \t\(try executable()) $< -o $@ --depfile $*.d
            -include $(PDFS:.pdf=.d)

            """, to: directory.appendingPathComponent("Makefile"))
        func make() throws -> String {
            let run = try ShellRun.run("/usr/bin/env", ["make", "--no-print-directory"], in: directory, environment: environment)
            XCTAssertEqual(run.status, 0, run.output)
            return run.output
        }
        let first = try make()
        XCTAssertTrue(first.contains("a.txt -o a.pdf") && first.contains("b.txt -o b.pdf"), first)
        XCTAssertTrue(try make().contains("Nothing to be done"))
        try touch(directory.appendingPathComponent("grey8.png"))
        let third = try make()
        XCTAssertTrue(third.contains("a.txt -o a.pdf") && !third.contains("b.txt -o b.pdf"), third)
    }
}
