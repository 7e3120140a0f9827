import Foundation

/// The XMP metadata stream the finishing step puts on the catalog of every file: the document
/// information dictionary's entries said again in XMP (a PDF/X or PDF/UA reader compares the
/// two), the standards' identification when the file claims one, and identifiers made from
/// the file's content.
struct DocumentXMP {
    var metadata: PDFMetadata
    var standards: Set<PDFStandard>

    /// The packet for a file whose information dictionary is `info`, final; `content` gives
    /// what was drawn (the draft's bytes and the text layer's, a piece at a time), which seeds
    /// the identifiers.
    func packet(info: PDFDictionary, content: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> XMPMetadata {
        var identifiers = ContentUUID()
        try content { identifiers.add($0) }
        var xmp = XMPMetadata()
        if let title = metadata.title { xmp.set(.dublinCore, "title", .defaultLanguage(title)) }
        if let author = metadata.author { xmp.set(.dublinCore, "creator", .ordered([author])) }
        if let subject = metadata.subject { xmp.set(.dublinCore, "description", .defaultLanguage(subject)) }
        let date = PDFDate.iso8601(secondsSince1970: metadata.creationDate)
        xmp.set(.basic, "CreateDate", .text(date))
        xmp.set(.basic, "ModifyDate", .text(date))
        xmp.set(.basic, "MetadataDate", .text(date))
        if let creator = Self.text(info["/Creator"]) { xmp.set(.basic, "CreatorTool", .text(creator)) }
        if let producer = Self.text(info["/Producer"]) { xmp.set(.pdf, "Producer", .text(producer)) }
        xmp.set(.mediaManagement, "DocumentID", .text("uuid:" + identifiers.uuid(salt: "document")))
        xmp.set(.mediaManagement, "InstanceID", .text("uuid:" + identifiers.uuid(salt: "instance")))
        xmp.set(.mediaManagement, "VersionID", .text("1"))
        xmp.set(.mediaManagement, "RenditionClass", .text("default"))
        if standards.contains(.x4) {
            xmp.set(.pdf, "Trapped", .text("False"))
            xmp.set(.pdfxid, "GTS_PDFXVersion", .text("PDF/X-4"))
        }
        if standards.contains(.ua1) { xmp.set(.pdfuaid, "part", .text("1")) }
        return xmp
    }

    /// Writes `xmp` into `writer` as a stream left uncompressed, as XMP is meant to be
    /// readable by tools that know nothing of PDF; returns its number, the catalog's `/Metadata`.
    static func write(_ xmp: XMPMetadata, into writer: PDFStreamingWriter) throws -> Int {
        try writer.addStream([UInt8](xmp.packet), dictionary: PDFDictionary([("/Type", .name("/Metadata")), ("/Subtype", .name("/XML"))]))
    }

    private static func text(_ value: PDFValue?) -> String? {
        guard case .string(let written)? = value else { return nil }
        return PDFTextString.text(of: written)
    }
}
