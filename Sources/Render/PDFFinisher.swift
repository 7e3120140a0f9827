import CQPDF
import Foundation
import Layout

/// The last step of every PDF: Cairo writes the drawing, and qpdf (a PDF library, through its
/// C API) rewrites that file with what Cairo 1.16 cannot write: each page's TrimBox and
/// BleedBox beside a MediaBox holding both, the crop marks in registration colour, the dates
/// in the form the PDF standard requires, and what the standards asked for need (`PDFX4`,
/// `DocumentXMP`). Everything Cairo wrote is kept as it is (streams are copied, not
/// recompressed), but its structure tree: the tree in logical order is added after the file
/// qpdf wrote (`StructureTreeWriter`).
struct PDFFinisher {
    var sheet: PrintSheet
    var metadata: PDFMetadata
    /// Whether the draft holds an Adobe CMYK JPEG, whose inverted values need a `/Decode`
    /// array Cairo does not write (see InvertedCMYKImages).
    var marksInvertedCMYK = false
    /// Whether the draft holds a PNG's rows in a JPEG envelope, to be put in its place (see
    /// PNGRowsInPDF).
    var restoresPNGRows = false
    /// The tagged content drawn, from which the structure tree is built in logical order
    /// (`StructureTree`); nil: Cairo's tree is kept as it is.
    var structure: StructureRecord?
    /// The text typeset wrote itself, to be laid over Cairo's pages.
    var textLayer: PDFTextLayer?
    /// The pages of running heads drawn after the document's, to be laid over their pages.
    var runningHeads = RunningHeadsOverlays(overlays: [])
    /// The standards the file is to conform to (`--pdf-standard`).
    var standards: Set<PDFStandard> = []
    /// The printing condition of a PDF/X file.
    var outputIntent = OutputIntent()

    /// Reads Cairo's PDF at `draft`, whose pages were drawn at `pageSizes` (the trimmed
    /// sizes, in order), and writes the finished file at `output`. Throws qpdf's message when
    /// either cannot be done.
    func finish(draft: String, pageSizes: [Size], into output: String) throws {
        let structureTree = structure.map { record in
            StructureTreeWriter(StructureTree(record), record: record, pageHeights: pageSizes.map { sheet.mediaBox(for: $0).maxY },
                                language: metadata.language)
        }
        // The layer's streams into the draft first, for qpdf to copy from the file as it writes.
        let layerStreams = try textLayer?.streams.appendObjects(to: draft) ?? []
        let file: FileSink
        do {
            file = try FileSink(temporary: output)
        } catch let error as SystemError {
            throw FinishingError("\(output): \(error)")
        }
        do {
            let written = try QPDFOutputPipe(into: file)
            do {
                try QPDFObjects.reading(draft) { pdf in
                    try write(pdf, draft: draft, pageSizes: pageSizes, structureTree: structureTree, layerStreams: layerStreams, to: written)
                }
            } catch {
                // qpdf's end of the pipe is closed by now: the copy ends before the error goes up.
                try? written.finish()
                throw error
            }
            try written.finish()
            try file.close()
        } catch {
            // Nothing is left behind: the output was never finished.
            TemporaryFiles.shared.remove(output)
            // The output's own name is the caller's to say (`RenderError.cannotWrite`).
            if let error = error as? SystemError { throw FinishingError(error.description) }
            throw error
        }
        // After qpdf has let the draft's objects go: the tree is written as qpdf's file is left.
        try structureTree?.append(to: output)
    }

    /// The draft open in `pdf` rewritten by qpdf into `written`, readied for `structureTree`.
    private func write(_ pdf: qpdf_data, draft: String, pageSizes: [Size], structureTree: StructureTreeWriter?,
                       layerStreams: [Int], to written: QPDFOutputPipe) throws {
        let count = Int(qpdf_get_num_pages(pdf))
        guard count == pageSizes.count + runningHeads.overlays.count else {
            throw FinishingError("the draft's page count, \(count), is not the \(pageSizes.count + runningHeads.overlays.count) pages drawn")
        }
        // First: Cairo's tree goes before anything makes a new object (the crop marks' streams
        // below), which has qpdf read every object left in the file (see StructureTreeWriter.prepare).
        try structureTree?.prepare(in: pdf)
        for (index, size) in pageSizes.enumerated() {
            let page = qpdf_get_page_n(pdf, index)
            if index > 0, pageSizes[index - 1] == size {
                // The page before's boxes, shared rather than made again: qpdf keeps every
                // page's until the file is written, some hundreds of bytes a box.
                let before = qpdf_get_page_n(pdf, index - 1)
                for key in ["/MediaBox", "/BleedBox", "/TrimBox"] { qpdf_oh_replace_key(pdf, page, key, qpdf_oh_get_key(pdf, before, key)) }
            } else {
                setBox("/MediaBox", sheet.mediaBox(for: size), of: page, in: pdf)
                setBox("/BleedBox", sheet.bleedBox(for: size), of: page, in: pdf)
                setBox("/TrimBox", sheet.trimBox(for: size), of: page, in: pdf)
            }
            // Handles are kept until cleanup otherwise: a book's pages would pile up.
            qpdf_oh_release_all(pdf)
        }
        if marksInvertedCMYK { InvertedCMYKImages.addDecodeArrays(in: pdf) }
        if restoresPNGRows { PNGRowsInPDF.restore(in: pdf) }
        if let structure { try ArtifactMarking.mark(structure.artifacts, in: pdf) }
        if let textLayer { try TextLayerOverPages.apply(textLayer, streams: layerStreams, in: pdf) }
        // The crop marks last, over everything the page draws.
        var registrationMarks = RegistrationMarks(marks: CropMarks(sheet: sheet))
        for (index, size) in pageSizes.enumerated() {
            registrationMarks.add(to: qpdf_get_page_n(pdf, index), size: size, in: pdf)
            qpdf_oh_release_all(pdf)
        }
        try runningHeads.apply(in: pdf)
        let date = PDFDate.string(secondsSince1970: metadata.creationDate)
        qpdf_set_info_key(pdf, "/CreationDate", date)
        qpdf_set_info_key(pdf, "/ModDate", date)
        if standards.contains(.x4) { try PDFX4(outputIntent: outputIntent).apply(to: pdf) }
        if !standards.isEmpty {
            // The identifiers are made from what Cairo drew, which the same input draws the same.
            guard let content = try? Data(contentsOf: URL(fileURLWithPath: draft), options: .alwaysMapped) else {
                throw FinishingError("cannot read the draft \(draft) again")
            }
            DocumentXMP.attach(DocumentXMP(metadata: metadata, standards: standards).packet(for: pdf, content: content), to: pdf)
        }
        let version = String(cString: qpdf_get_pdf_version(pdf))
        try FinishingError.check(qpdf_init_write(pdf, written.path), of: pdf)
        written.writerOpened()
        if standards.contains(.x4), PDFX4.needsOlderVersion(version) { qpdf_force_pdf_version(pdf, PDFX4.latestVersion) }
        // An OpenType font program in the text layer's fonts is PDF 1.6's.
        if let minimum = textLayer?.fonts.minimumPDFVersion { qpdf_set_minimum_pdf_version(pdf, minimum) }
        // The file identifier is made from the content, not the clock: same input, same bytes.
        qpdf_set_deterministic_ID(pdf, QPDF_TRUE)
        // Objects other than streams (a book's tens of thousands of structure elements, its
        // pages' dictionaries) packed into compressed object streams, with a cross-reference
        // stream: PDF 1.5, which Cairo writes and PDF/X-4 and PDF/UA-1 allow.
        qpdf_set_object_stream_mode(pdf, qpdf_o_generate)
        try FinishingError.check(qpdf_write(pdf), of: pdf)
    }

    /// Box coordinates in points to a thousandth: finer than any printer, and the same
    /// numbers in every box that shares an edge.
    private static let decimalPlaces: Int32 = 3

    private func setBox(_ key: String, _ box: Rect, of page: qpdf_oh, in pdf: qpdf_data) {
        let array = qpdf_oh_new_array(pdf)
        for value in [box.origin.x, box.origin.y, box.origin.x + box.size.width, box.origin.y + box.size.height] {
            qpdf_oh_append_item(pdf, array, qpdf_oh_new_real_from_double(pdf, value, Self.decimalPlaces))
        }
        qpdf_oh_replace_key(pdf, page, key, array)
    }
}

/// Why the finishing step could not write the PDF, in qpdf's words.
struct FinishingError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    /// Throws qpdf's message when `code`, what a call of qpdf's C API returned, says it failed.
    static func check(_ code: QPDF_ERROR_CODE, of pdf: qpdf_data) throws {
        guard code & CQPDFErrors != 0 else { return }
        if qpdf_has_error(pdf) != QPDF_FALSE, let error = qpdf_get_error(pdf) {
            throw FinishingError(String(cString: qpdf_get_error_full_text(pdf, error)))
        }
        throw FinishingError("qpdf failed")
    }
}
