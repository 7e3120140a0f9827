import Layout

/// Cairo's draft of a PDF, drawn and closed, with what the finishing step needs to make the
/// file at its destination from it (`DocumentWriter.draftPDF`). Drawing and finishing are two
/// steps so that a caller can let go of the layout and the text in between: the finishing
/// step is where a run's memory peaks.
///
/// Either `finish()` or `discard()` must be called: the draft is a temporary file beside the
/// destination until then.
public struct PDFDraft {
    let file: AtomicFile
    /// Cairo's file: its name (to remove it), and the file itself, to be read back through
    /// the descriptor it was written by.
    let path: String
    let written: ReadOnlyFile
    /// The document's pages' (trimmed) sizes, in order.
    let pageSizes: [Size]
    let finisher: PDFFinisher

    /// How many pages the document has.
    public var pageCount: Int { pageSizes.count }

    /// What the colours typeset painted were given as (pictures aside).
    public enum PaintedColours {
        case rgbOnly, inksOnly, inksAndRGB
    }

    public var paintedColours: PaintedColours {
        let colours = finisher.printedColours
        guard colours.paintsInks else { return .rgbOnly }
        return colours.paintsRGB ? .inksAndRGB : .inksOnly
    }

    /// Writes the finished PDF and puts it in place; the draft is removed either way. Returns
    /// the page count.
    @discardableResult
    public func finish() throws -> Int {
        try finishUnplaced().commit()
        return pageSizes.count
    }

    /// Writes the finished PDF under its temporary name and returns it, not yet in place: the
    /// caller commits it with the run's other outputs, or discards it. The draft is removed
    /// either way.
    public func finishUnplaced() throws -> AtomicFile {
        TemporaryFiles.shared.register(file.temporary)
        defer { removeDraft() }
        do {
            try finisher.finish(draft: written, pageSizes: pageSizes, into: file)
        } catch let error as FinishingError {
            file.discard()
            throw RenderError.cannotWrite(path: file.destination, reason: error.description)
        } catch {
            file.discard()
            throw error
        }
        return file
    }

    /// Removes the draft, writing nothing.
    public func discard() {
        removeDraft()
        file.discard()
    }

    /// The draft, and the text layer's streams and the structure's pieces beside it.
    private func removeDraft() {
        TemporaryFiles.shared.remove(path)
        finisher.textLayer?.streams.remove()
        finisher.structure?.piecesKept?.remove()
    }
}
