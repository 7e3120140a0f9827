/// How the text layer (`PDFTextLayer`) paints beside its colours: translucent text (`/ca`, a
/// fill's opacity), translucent outlines (`/CA`) and overprinting text (`/op`, `/OP` and
/// `/OPM 1`, so that a CMYK colour's zero inks leave the plates under it alone, as presses
/// expect of black text), each combination an `ExtGState` (ISO 32000-1, 8.4.5) named in the
/// pages that use it and set with `gs`, which a text object may hold (Figure 9). Opaque text
/// that knocks out needs none: the layer's stream starts in the page's own state.
///
/// The document's states are numbered in the order first used; a page records which it used,
/// for its resources. Not thread-safe: the drawing thread writes, the finishing step reads.
final class TextLayerGraphicsStates {
    /// A fill's and an outline's opacity, from 0 to 1, and whether they overprint.
    struct Paint: Hashable {
        var fill = 1.0
        var stroke = 1.0
        var overprint = false
        static let opaque = Paint()
    }

    /// The document's states, by number.
    private(set) var paints: [Paint] = []
    private var numbers: [Paint: Int] = [:]
    /// Whether the page being drawn uses each state.
    private var usedOnPage: [Bool] = []
    /// Where a state's numbering is recorded.
    private let history: TextLayerHistory?

    init(history: TextLayerHistory? = nil) {
        self.history = history
    }

    /// The state's name in a page's `/ExtGState` resources, with its slash. Cairo names its own
    /// `/s5`, `/a0`…, so the two never clash.
    static func resourceName(of number: Int) -> String {
        "/TG\(number)"
    }

    /// Writes `paint`'s `gs` into `content`, its state made on first use and recorded as the
    /// page's.
    func set(_ paint: Paint, into content: inout PDFContentBytes) {
        let number = self.number(of: paint)
        if number >= usedOnPage.count { usedOnPage += Array(repeating: false, count: number + 1 - usedOnPage.count) }
        usedOnPage[number] = true
        content.raw(Self.resourceName(of: number))
        content.raw(" gs\n")
    }

    /// The number of `paint`'s state, numbered now when it has none yet.
    func number(of paint: Paint) -> Int {
        if let number = numbers[paint] { return number }
        paints.append(paint)
        numbers[paint] = paints.count - 1
        history?.note(.paint(paint, given: paints.count - 1))
        return paints.count - 1
    }

    /// The states the page used, by number; the record is cleared for the next page.
    func endPage() -> [Int] {
        defer { usedOnPage = Array(repeating: false, count: usedOnPage.count) }
        return usedOnPage.indices.filter { usedOnPage[$0] }
    }

    /// Writes every state into `writer` (the finishing step's); returns their object numbers,
    /// by number.
    func embed(into writer: PDFStreamingWriter) throws -> [Int] {
        try paints.map { paint in
            let number = writer.reserve()
            var state = PDFDictionary([("/Type", .name("/ExtGState")), ("/ca", .real(paint.fill)), ("/CA", .real(paint.stroke))])
            // Paint that knocks out says so too: the state may follow one that overprints.
            state["/op"] = .boolean(paint.overprint)
            state["/OP"] = .boolean(paint.overprint)
            if paint.overprint { state["/OPM"] = .integer(1) }
            try writer.add(number, .dictionary(state))
            return number
        }
    }
}
