/// An image's size in pixels.
public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of pixels, both corners included: where on a page pixels differ.
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    public init(x: Int, y: Int) {
        minX = x
        maxX = x
        minY = y
        maxY = y
    }

    public mutating func include(x: Int, y: Int) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
    }

    /// "x 120–135, y 300–310", or "x 120, y 300" for a single pixel.
    public var description: String {
        func span(_ low: Int, _ high: Int) -> String { low == high ? "\(low)" : "\(low)–\(high)" }
        return "x \(span(minX, maxX)), y \(span(minY, maxY))"
    }
}
