import CHarfBuzz

/// The tables of a font file read through HarfBuzz (`hb_face_t`), for what a PDF font
/// descriptor states and what decides whether a font can be embedded. HarfBuzz rather than
/// FreeType: the drawing thread asks while layout uses the font's FreeType face, which allows
/// one thread at a time, and HarfBuzz's faces may be read from any thread.
struct OpenTypeTables {
    let face: OpaquePointer

    /// Whether the font has the table `tag` ("glyf", "CFF ").
    func has(_ tag: StaticString) -> Bool {
        let blob = hb_face_reference_table(face, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// The big-endian 16-bit value at `offset` of table `tag`, nil when the table is shorter.
    func uint16(_ tag: StaticString, at offset: Int) -> UInt16? {
        bytes(tag, at: offset, count: 2).map { UInt16($0[0]) << 8 | UInt16($0[1]) }
    }

    func int16(_ tag: StaticString, at offset: Int) -> Int16? {
        uint16(tag, at: offset).map { Int16(bitPattern: $0) }
    }

    func uint32(_ tag: StaticString, at offset: Int) -> UInt32? {
        bytes(tag, at: offset, count: 4).map { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    /// The whole table `tag`, empty when the font has none. Copied in one piece: a font's
    /// `CFF ` table is hundreds of kilobytes, which a byte-by-byte copy took millions of
    /// instructions to read.
    func table(_ tag: StaticString) -> [UInt8] {
        let blob = hb_face_reference_table(face, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: Int(length)) { buffer, count in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: data, count: Int(length)))
            count = Int(length)
        }
    }

    private func bytes(_ tag: StaticString, at offset: Int, count: Int) -> [UInt8]? {
        let blob = hb_face_reference_table(face, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), offset + count <= Int(length) else { return nil }
        return (offset ..< offset + count).map { UInt8(bitPattern: data[$0]) }
    }

    static func tag(_ name: StaticString) -> hb_tag_t {
        name.withUTF8Buffer { $0.reduce(hb_tag_t(0)) { $0 << 8 | hb_tag_t($1) } }
    }
}
