/// Limits the markup and the command line share, so that a value one accepts the other does
/// too (`--columns` and `<section columns>`, a page's size and the lengths on it).
public enum LayoutLimits {
    /// More columns than any page holds; the page decides how many fit (each at least
    /// `narrowestColumn` wide).
    public static let maximumColumns = 100

    /// The narrowest column that can set text, a page's, a section's or a box's.
    public static let narrowestColumn = 12.0

    /// The largest side of a page, and so the largest length on one: 200 inches, PDF's own
    /// limit for a page (ISO 32000-1, annex C, at the default user unit).
    public static let largestPageSide = 14_400.0

    /// The smallest side of a page: one inch (PDF allows 3 pt, but no text fits so small a page).
    public static let smallestPageSide = 72.0
}
