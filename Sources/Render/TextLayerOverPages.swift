/// Lays the text typeset wrote (`PDFTextLayer`) over the pages Cairo drew, in the finishing
/// step: each page with text of the layer ends with it, after Cairo's content wrapped in
/// `q` … `Q` (Cairo's leaves its flipped coordinates in effect), and its `/Font` and
/// `/ExtGState` resources name the layer's fonts and graphics states, written once for the document.
/// The `q` and the `Q` are the same bytes on every page: two streams the pages share. The
/// pages' streams are copied into the file after the draft's objects (`PDFDraftCopy`).
///
/// Apply it after `ArtifactMarking` has been asked for, which reads a page's whole content:
/// the layer's text marks its own artifacts and need not be read again.
enum TextLayerOverPages {
    /// `streams`: the object number of each of the layer's streams in the file, by index;
    /// `additions`: the document's pages', in order. The fonts are written into `writer`.
    static func apply(_ layer: PDFTextLayer, streams: [Int], to additions: inout [PageAdditions], writer: PDFStreamingWriter) throws {
        let pages = layer.pages
        guard pages.contains(where: { $0.stream != nil }) else { return }
        guard additions.count >= pages.count else {
            throw FinishingError("the draft has \(additions.count) pages, not the \(pages.count) with text")
        }
        let fonts = try layer.fonts.embed(into: writer)
        let graphicsStates = try layer.graphicsStates.embed(into: writer)
        let opening = try writer.addStream(Array("q\n".utf8)), closing = try writer.addStream(Array("Q\n".utf8))
        for (index, text) in pages.enumerated() {
            guard let stream = text.stream else { continue }
            guard streams.indices.contains(stream) else {
                throw FinishingError("page \(index + 1)'s text was not kept")
            }
            additions[index].wrap(opening: opening, closing: [closing, streams[stream]])
            for resource in text.fontResources {
                guard let font = fonts.indices.contains(resource) ? fonts[resource] : nil else {
                    throw FinishingError("page \(index + 1) uses a font of the text layer that was not embedded")
                }
                additions[index].addResource("/Font", layer.fonts.resourceName(of: resource), .reference(font))
            }
            for state in text.graphicsStates {
                additions[index].addResource("/ExtGState", TextLayerGraphicsStates.resourceName(of: state), .reference(graphicsStates[state]))
            }
        }
    }
}
