import Images
import Layout

/// The size in pixels of a page drawn at a resolution, and the budget it must keep: a page
/// image is held whole in memory (4 bytes a pixel) while it is drawn and encoded, so it gets
/// the limits pictures have (`ImageInfo`): 20,000 pixels a side, 100 megapixels (400 MB).
/// Past them Cairo fails late with "out of memory", or at 32,767 a side cannot draw at all.
public struct PagePixels: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(pageSize: Size, dpi: Double) {
        width = (pageSize.width * dpi / 72).rounded()
        height = (pageSize.height * dpi / 72).rounded()
    }

    public static let maximumSide = Double(ImageInfo.maximumSide)
    public static let maximumCount = Double(ImageInfo.maximumPixelCount)

    public var isWithinBudget: Bool {
        width <= Self.maximumSide && height <= Self.maximumSide && width * height <= Self.maximumCount
    }

    /// "32500 × 32500 pixels".
    public var description: String { "\(Int(width)) × \(Int(height)) pixels" }

    /// "20000 pixels a side and 100 megapixels".
    public static var budgetDescription: String {
        "\(Int(maximumSide)) pixels a side and \(Int(maximumCount) / 1_000_000) megapixels"
    }
}
