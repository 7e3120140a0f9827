import Foundation

/// Where one document's golden pages, and the images left by a failing check, are: the
/// goldens `NAME-001.png`, `NAME-002.png`, … in a folder of their own, and for a failing page
/// `NAME-002-diff.png` and `NAME-002-actual.png` in the diff folder.
struct GoldenFiles {
    var name: String
    var goldenDirectory: String
    var diffDirectory: String

    func goldenPath(page: Int) -> String {
        (goldenDirectory as NSString).appendingPathComponent(pageName(page) + ".png")
    }

    func diffPath(page: Int) -> String {
        (diffDirectory as NSString).appendingPathComponent(pageName(page) + "-diff.png")
    }

    func actualPath(page: Int) -> String {
        (diffDirectory as NSString).appendingPathComponent(pageName(page) + "-actual.png")
    }

    /// The page numbers that have a golden image, in order. Only names as `goldenPath` makes
    /// them count, so that other files in the folder are left alone.
    func goldenPages() -> [Int] {
        pages(in: goldenDirectory, suffix: ".png")
    }

    /// Removes the diff and actual images an earlier check left for this document, so that
    /// the diff folder shows this run's failures only.
    func removeEarlierDiffs() throws {
        for suffix in ["-diff.png", "-actual.png"] {
            for page in pages(in: diffDirectory, suffix: suffix) {
                try FileManager.default.removeItem(atPath: (diffDirectory as NSString).appendingPathComponent(pageName(page) + suffix))
            }
        }
    }

    private func pageName(_ page: Int) -> String {
        name + "-" + String(format: "%03d", page)
    }

    private func pages(in directory: String, suffix: String) -> [Int] {
        let prefix = name + "-"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.compactMap { file -> Int? in
            guard file.hasPrefix(prefix), file.hasSuffix(suffix) else { return nil }
            let digits = file.dropFirst(prefix.count).dropLast(suffix.count)
            guard let page = Int(digits), pageName(page) + suffix == file else { return nil }
            return page
        }.sorted()
    }
}
