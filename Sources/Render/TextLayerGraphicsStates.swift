/// The opacities the text layer (`PDFTextLayer`) paints with: translucent text (`/ca`, a fill's
/// opacity) and translucent outlines (`/CA`), each pair an `ExtGState` (ISO 32000-1, 8.4.5)
/// named in the pages that use it and set with `gs`, which a text object may hold (Figure 9).
/// Opaque text needs none: the layer's stream starts in the page's own state, opaque.
///
/// The document's states are numbered in the order first used; a page records which it used,
/// for its resources. Not thread-safe: the drawing thread writes, the finishing step reads.
final class TextLayerGraphicsStates {
    /// A fill's and an outline's opacity, from 0 to 1.
    struct Opacity: Hashable {
        var fill = 1.0
        var stroke = 1.0
        static let opaque = Opacity()
    }

    /// The document's states, by number.
    private(set) var opacities: [Opacity] = []
    private var numbers: [Opacity: Int] = [:]
    /// Whether the page being drawn uses each state.
    private var usedOnPage: [Bool] = []

    /// The state's name in a page's `/ExtGState` resources, with its slash. Cairo names its own
    /// `/s5`, `/a0`…, so the two never clash.
    static func resourceName(of number: Int) -> String {
        "/TG\(number)"
    }

    /// Writes `opacity`'s `gs` into `content`, its state made on first use and recorded as the
    /// page's.
    func set(_ opacity: Opacity, into content: inout PDFContentBytes) {
        let number = numbers[opacity] ?? {
            opacities.append(opacity)
            numbers[opacity] = opacities.count - 1
            return opacities.count - 1
        }()
        if number >= usedOnPage.count { usedOnPage += Array(repeating: false, count: number + 1 - usedOnPage.count) }
        usedOnPage[number] = true
        content.raw(Self.resourceName(of: number))
        content.raw(" gs\n")
    }

    /// The states the page used, by number; the record is cleared for the next page.
    func endPage() -> [Int] {
        defer { usedOnPage = Array(repeating: false, count: usedOnPage.count) }
        return usedOnPage.indices.filter { usedOnPage[$0] }
    }

    /// Writes every state into `writer` (the finishing step's); returns their object numbers,
    /// by number.
    func embed(into writer: PDFStreamingWriter) throws -> [Int] {
        try opacities.map { opacity in
            let number = writer.reserve()
            try writer.add(number, .dictionary(PDFDictionary([("/Type", .name("/ExtGState")), ("/ca", .real(opacity.fill)),
                                                              ("/CA", .real(opacity.stroke))])))
            return number
        }
    }
}
