import CQPDF
import Foundation

/// The XMP metadata stream the finishing step puts on the catalog of a file that claims a
/// standard: the document information dictionary's entries said again in XMP (a PDF/X or
/// PDF/UA reader compares the two), the standards' identification, and identifiers made from
/// the file's content.
struct DocumentXMP {
    var metadata: PDFMetadata
    var standards: Set<PDFStandard>

    /// The packet for the open `pdf`, whose information dictionary is already final;
    /// `content` (the draft's bytes) seeds the identifiers.
    func packet(for pdf: qpdf_data, content: Data) -> XMPMetadata {
        var xmp = XMPMetadata()
        if let title = metadata.title { xmp.set(.dublinCore, "title", .defaultLanguage(title)) }
        if let author = metadata.author { xmp.set(.dublinCore, "creator", .ordered([author])) }
        if let subject = metadata.subject { xmp.set(.dublinCore, "description", .defaultLanguage(subject)) }
        let date = PDFDate.iso8601(secondsSince1970: metadata.creationDate)
        xmp.set(.basic, "CreateDate", .text(date))
        xmp.set(.basic, "ModifyDate", .text(date))
        xmp.set(.basic, "MetadataDate", .text(date))
        if let creator = infoText("/Creator", in: pdf) { xmp.set(.basic, "CreatorTool", .text(creator)) }
        if let producer = infoText("/Producer", in: pdf) { xmp.set(.pdf, "Producer", .text(producer)) }
        xmp.set(.mediaManagement, "DocumentID", .text("uuid:" + ContentUUID.make(from: content, salt: "document")))
        xmp.set(.mediaManagement, "InstanceID", .text("uuid:" + ContentUUID.make(from: content, salt: "instance")))
        xmp.set(.mediaManagement, "VersionID", .text("1"))
        xmp.set(.mediaManagement, "RenditionClass", .text("default"))
        if standards.contains(.x4) {
            xmp.set(.pdf, "Trapped", .text("False"))
            xmp.set(.pdfxid, "GTS_PDFXVersion", .text("PDF/X-4"))
        }
        if standards.contains(.ua1) { xmp.set(.pdfuaid, "part", .text("1")) }
        return xmp
    }

    /// Writes `xmp` as the catalog's `/Metadata`: a stream left uncompressed, as XMP is
    /// meant to be readable by tools that know nothing of PDF.
    static func attach(_ xmp: XMPMetadata, to pdf: qpdf_data) {
        let stream = QPDFObjects.newStream(xmp.packet, entries: [("/Type", "/Metadata"), ("/Subtype", "/XML")], in: pdf)
        qpdf_oh_replace_key(pdf, qpdf_get_root(pdf), "/Metadata", stream)
    }

    private func infoText(_ key: String, in pdf: qpdf_data) -> String? {
        qpdf_get_info_key(pdf, key).map { String(cString: $0) }
    }
}
