/// Lays the text typeset wrote (`PDFTextLayer`) over the pages Cairo drew, in the finishing
/// step: each page with text of the layer ends with it, after Cairo's content wrapped in
/// `q` … `Q` (Cairo's leaves its flipped coordinates in effect), and its `/Font` and
/// `/ExtGState` resources name the layer's fonts and graphics states, written once for the document.
/// The `q` and the `Q` are the same bytes on every page: two streams the pages share. The
/// pages' streams are copied into the file after the draft's objects (`PDFDraftCopy`).
///
/// A page's running heads (`PDFTextLayer.runningHeads`) are read where they stand: their
/// header's stream is painted first, before Cairo's content, and their footer's last, after
/// the layer's text and a `Q` that ends the coordinates it leaves; each is wrapped in `q` … `Q`
/// of its own.
///
/// Apply it after `ArtifactMarking` has been asked for, which reads a page's whole content:
/// the layer's text marks its own artifacts and need not be read again.
enum TextLayerOverPages {
    /// `streams`: the object number of each of the layer's streams in the file, by index;
    /// `additions`: the document's pages', in order. The fonts are written into `writer`.
    static func apply(_ layer: PDFTextLayer, streams: [Int], to additions: inout [PageAdditions], writer: PDFStreamingWriter) throws {
        let pages = layer.pages
        guard pages.contains(where: { $0.stream != nil }) || !layer.runningHeads.isEmpty else { return }
        guard additions.count >= pages.count else {
            throw FinishingError("the draft has \(additions.count) pages, not the \(pages.count) with text")
        }
        let fonts = try layer.fonts.embed(into: writer)
        let graphicsStates = try layer.graphicsStates.embed(into: writer)
        let opening = try writer.addStream(Array("q\n".utf8)), closing = try writer.addStream(Array("Q\n".utf8))

        // The layer's fonts and graphics states `text` uses, in the resources of page `index`.
        func addResources(of text: PDFTextLayer.Page, page index: Int, to page: inout PageAdditions) throws {
            for resource in text.fontResources {
                guard let font = fonts.indices.contains(resource) ? fonts[resource] : nil else {
                    throw FinishingError("page \(index + 1) uses a font of the text layer that was not embedded")
                }
                page.addResource("/Font", layer.fonts.resourceName(of: resource), .reference(font))
            }
            for state in text.graphicsStates {
                page.addResource("/ExtGState", TextLayerGraphicsStates.resourceName(of: state), .reference(graphicsStates[state]))
            }
        }
        for (index, text) in pages.enumerated() {
            guard let stream = text.stream else { continue }
            guard streams.indices.contains(stream) else {
                throw FinishingError("page \(index + 1)'s text was not kept")
            }
            additions[index].wrap(opening: opening, closing: [closing, streams[stream]])
            try addResources(of: text, page: index, to: &additions[index])
        }
        for heads in layer.runningHeads {
            guard let stream = heads.text.stream, additions.indices.contains(heads.page), streams.indices.contains(stream) else {
                throw FinishingError("the running heads of page \(heads.page + 1) were not kept")
            }
            switch heads.band {
            case .header: additions[heads.page].paintFirst(streams[stream])
            case .footer:
                // The layer's page stream leaves its coordinates in effect: a `Q` closes them first.
                additions[heads.page].wrap(opening: opening, closing: [closing])
                additions[heads.page].paintLast(streams[stream])
            }
            try addResources(of: heads.text, page: heads.page, to: &additions[heads.page])
        }
    }
}
