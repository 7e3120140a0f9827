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
}
