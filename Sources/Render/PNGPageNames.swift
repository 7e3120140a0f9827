import Diagnostics
import Foundation

/// The files of a PNG output, one per page: `base-001.png`, `base-002.png`, … where `base`
/// is the output's path without its `.png` — in any case, since `-o PAGE.PNG` chooses PNG as
/// `-o page.png` does, and must not write `PAGE.PNG-001.png`.
public enum PNGPageNames {
    /// `path` without a final `.png` (any case); `path` itself when it has none.
    public static func base(of path: String) -> String {
        path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
    }

    /// The file of page `number` (from 1) of the output `path`.
    public static func page(_ number: Int, of path: String) -> String {
        pageFile(number, base: base(of: path))
    }

    /// The file of page `number` given the base already stripped.
    static func pageFile(_ number: Int, base: String) -> String {
        let digits = String(number)
        return base + "-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".png"
    }

    /// The page whose file `name` is, in the folder of `base` (nil: none of this output's).
    public static func pageNumber(ofFile name: String, base: String) -> Int? {
        let prefix = (base as NSString).lastPathComponent + "-"
        guard name.hasPrefix(prefix), name.hasSuffix(".png") else { return nil }
        guard let number = Int(name.dropFirst(prefix.count).dropLast(4)), number >= 1,
              (pageFile(number, base: base) as NSString).lastPathComponent == name else { return nil }
        return number
    }

    /// Pages an earlier, longer run left behind would read as part of this document: the
    /// page files numbered past its last page, `pageCount`, are removed, whichever pages that
    /// run wrote (`--pages` leaves gaps). Pages of this document a run did not select are
    /// left alone.
    static func removeStalePages(after pageCount: Int, base: String) {
        let folder = PathFolder.of(base)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names {
            guard let number = pageNumber(ofFile: name, base: base), number > pageCount else { continue }
            unlink((folder as NSString).appendingPathComponent(name))
        }
    }
}
