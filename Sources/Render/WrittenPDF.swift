import CQPDF
import Foundation

/// What the finishing step reads back from the file qpdf has written, to add to it
/// (`PDFIncrementalUpdate`): the trailer, and the numbers qpdf gave the objects the additions
/// refer to. qpdf numbers objects anew as it writes them.
struct WrittenPDF {
    var trailer: PDFIncrementalUpdate.Trailer
    /// The catalog's `/StructTreeRoot`.
    var structureTreeRoot: Int
    var pages: [Int]
    /// Each page's `/Link` annotations, in order.
    var linkAnnotations: [[Int]]

    /// Reads the file at `path` (its cross-reference data, catalog and pages only: qpdf reads
    /// an object when it is asked for).
    init(path: String) throws {
        self = try QPDFObjects.reading(path) { pdf in try WrittenPDF(pdf, path: path) }
    }

    private init(_ pdf: qpdf_data, path: String) throws {
        let trailerDictionary = qpdf_get_trailer(pdf)
        let identifier = qpdf_oh_get_key(pdf, trailerDictionary, "/ID")
        let identifierParts = (0 ..< max(0, qpdf_oh_get_array_n_items(pdf, identifier))).map { index in
            var length = 0
            let item = qpdf_oh_get_array_item(pdf, identifier, index)
            guard let bytes = qpdf_oh_get_binary_string_value(pdf, item, &length) else { return [UInt8]() }
            return [UInt8](UnsafeRawBufferPointer(start: bytes, count: length))
        }
        let info = qpdf_oh_get_key(pdf, trailerDictionary, "/Info")
        let catalog = qpdf_get_root(pdf)
        let root = qpdf_oh_get_key(pdf, catalog, "/StructTreeRoot")
        guard qpdf_oh_is_indirect(pdf, catalog) != QPDF_FALSE, qpdf_oh_is_indirect(pdf, root) != QPDF_FALSE else {
            throw FinishingError("the written PDF's catalog or structure tree root is not an object of its own")
        }
        trailer = PDFIncrementalUpdate.Trailer(
            size: Int(qpdf_oh_get_int_value_as_int(pdf, qpdf_oh_get_key(pdf, trailerDictionary, "/Size"))),
            root: Int(qpdf_oh_get_object_id(pdf, catalog)),
            info: qpdf_oh_is_indirect(pdf, info) != QPDF_FALSE ? Int(qpdf_oh_get_object_id(pdf, info)) : nil,
            identifier: identifierParts,
            previousCrossReference: try PDFFileTail(path: path).lastCrossReference())
        structureTreeRoot = Int(qpdf_oh_get_object_id(pdf, root))
        var pages: [Int] = [], links: [[Int]] = []
        for index in 0 ..< Int(qpdf_get_num_pages(pdf)) {
            let page = qpdf_get_page_n(pdf, index)
            pages.append(Int(qpdf_oh_get_object_id(pdf, page)))
            links.append(try StructureTreeWriter.linkAnnotations(of: page, in: pdf).map { Int($0.id) })
            qpdf_oh_release_all(pdf)
        }
        self.pages = pages
        linkAnnotations = links
    }
}
