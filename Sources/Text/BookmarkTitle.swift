/// The title a paragraph gets in a PDF's bookmarks: its text on one line, as a reader would
/// type it, and short enough for a viewer's sidebar.
public enum BookmarkTitle {
    /// Titles longer than this many characters are cut at a word and end in "…".
    public static let maximumLength = 120

    /// `units` (a paragraph's text) on one line (`OneLineText`), shortened.
    public static func make(from units: TextUnitSlice) -> String {
        make(from: String(decoding: units, as: UTF16.self))
    }

    /// `title` (an article's, from its `<meta>`) on one line, shortened.
    public static func make(from title: String) -> String {
        shortened(OneLineText.make(title))
    }

    /// Cut after `maximumLength` characters, at the last space in the final quarter when
    /// there is one, so that a word is not split.
    private static func shortened(_ title: String) -> String {
        guard title.count > maximumLength else { return title }
        var cut = title.prefix(maximumLength)
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < maximumLength / 4 {
            cut = cut[..<space]
        }
        return cut + "…"
    }
}
