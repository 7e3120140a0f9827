/// Families already resolved to faces, for the stages that lay text out: a lookup that
/// cannot fail, because every family a document names was resolved (and any missing one
/// reported) before layout started.
public struct FontTable: @unchecked Sendable {
    private var fonts: [String: Font] = [:]
    public let fallback: Font

    public init(fallback: Font) {
        self.fallback = fallback
    }

    public mutating func add(_ font: Font, for family: String) {
        fonts[family.lowercased()] = font
    }

    public func font(for family: String) -> Font {
        fonts[family.lowercased()] ?? fallback
    }
}
