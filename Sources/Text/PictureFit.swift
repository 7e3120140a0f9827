/// How a picture fills a place of other proportions than its own (`<img fit>`), as CSS's
/// `object-fit` and InDesign's fitting options name it.
public enum PictureFit: Hashable, Sendable {
    /// Stretched to the place: its proportions are the place's.
    case fill
    /// Whole, as large as the place holds it, centred: the page shows beside it or above and below.
    case contain
    /// Covering the place, centred: what falls outside is cut off.
    case cover
}
