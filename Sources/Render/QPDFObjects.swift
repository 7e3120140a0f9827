import CQPDF
import Foundation

/// Small helpers over qpdf's C API for the finishing step's passes: new streams and names,
/// and a dictionary's keys. Handles stay valid until released (`qpdf_oh_release_all`).
enum QPDFObjects {
    /// Calls `body` with the PDF at `path` open in qpdf, then closes it. qpdf's problems are
    /// kept for `FinishingError.check`, not printed on standard error.
    static func reading<T>(_ path: String, _ body: (qpdf_data) throws -> T) throws -> T {
        guard let pdf = qpdf_init() else { throw FinishingError("qpdf cannot start") }
        var handle: qpdf_data? = pdf
        defer { qpdf_cleanup(&handle) }
        qpdf_silence_errors(pdf)
        qpdf_set_suppress_warnings(pdf, QPDF_TRUE)
        try FinishingError.check(qpdf_read(pdf, path, nil), of: pdf)
        return try body(pdf)
    }

    /// A new indirect stream holding `data` as it is (no filter), with `entries` in its
    /// dictionary, each a value in PDF syntax (`"/ICCBased"`, `"4"`).
    static func newStream(_ data: Data, entries: [(String, String)] = [], in pdf: qpdf_data) -> qpdf_oh {
        let stream = qpdf_oh_new_stream(pdf)
        let null = qpdf_oh_new_null(pdf)
        data.withUnsafeBytes { buffer in
            qpdf_oh_replace_stream_data(pdf, stream, buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, null, null)
        }
        let dictionary = qpdf_oh_get_dict(pdf, stream)
        for (key, value) in entries {
            qpdf_oh_replace_key(pdf, dictionary, key, qpdf_oh_parse(pdf, value))
        }
        return stream
    }

    /// The keys of `dictionary` (with their leading slash), collected before the caller looks
    /// at their values: qpdf iterates one dictionary at a time.
    static func keys(of dictionary: qpdf_oh, in pdf: qpdf_data) -> [String] {
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(pdf, dictionary)
        while qpdf_oh_dict_more_keys(pdf) != QPDF_FALSE {
            keys.append(String(cString: qpdf_oh_dict_next_key(pdf)))
        }
        return keys
    }

    /// `dictionary`'s value at `key` when it is a dictionary, made (direct) when missing.
    static func subdictionary(_ key: String, of dictionary: qpdf_oh, in pdf: qpdf_data) -> qpdf_oh {
        let value = qpdf_oh_get_key(pdf, dictionary, key)
        if qpdf_oh_is_dictionary(pdf, value) != QPDF_FALSE { return value }
        let made = qpdf_oh_new_dictionary(pdf)
        qpdf_oh_replace_key(pdf, dictionary, key, made)
        return made
    }

    /// The number of objects the file's cross-reference table declares.
    static func objectCount(in pdf: qpdf_data) -> Int {
        let trailer = qpdf_get_trailer(pdf)
        let size = qpdf_oh_get_key(pdf, trailer, "/Size")
        defer { qpdf_oh_release(pdf, trailer); qpdf_oh_release(pdf, size) }
        return Int(qpdf_oh_get_int_value_as_int(pdf, size))
    }

    /// Calls `body` with every image XObject of the file stored with `filter` (`"/DCTDecode"`).
    /// Every object is looked at, not only the pages' resources: a picture painted again on a
    /// page lies in a form XObject (`RepeatedPictures`). Returns how many times `body` said it
    /// changed the image.
    @discardableResult
    static func forEachImage(filteredBy filter: String, in pdf: qpdf_data, _ body: (qpdf_oh) -> Bool) -> Int {
        var changed = 0
        for number in 1 ..< max(1, objectCount(in: pdf)) {
            let object = qpdf_get_object_by_id(pdf, Int32(number), 0)
            defer { qpdf_oh_release(pdf, object) }
            if isImage(object, filteredBy: filter, in: pdf), body(object) { changed += 1 }
        }
        return changed
    }

    /// Whether `object` is an image XObject stored with `filter` (`"/DCTDecode"`).
    static func isImage(_ object: qpdf_oh, filteredBy filter: String, in pdf: qpdf_data) -> Bool {
        guard qpdf_oh_is_stream(pdf, object) != QPDF_FALSE else { return false }
        let dictionary = qpdf_oh_get_dict(pdf, object)
        let subtype = qpdf_oh_get_key(pdf, dictionary, "/Subtype"), filterValue = qpdf_oh_get_key(pdf, dictionary, "/Filter")
        defer { for handle in [dictionary, subtype, filterValue] { qpdf_oh_release(pdf, handle) } }
        return qpdf_oh_is_name_and_equals(pdf, subtype, "/Image") != QPDF_FALSE
            && qpdf_oh_is_name_and_equals(pdf, filterValue, filter) != QPDF_FALSE
    }

    /// The streams of a page's `/Contents`: the items of an array, a stream alone, or none.
    static func items(of contents: qpdf_oh, in pdf: qpdf_data) -> [qpdf_oh] {
        if qpdf_oh_is_array(pdf, contents) != QPDF_FALSE {
            return (0 ..< qpdf_oh_get_array_n_items(pdf, contents)).map { qpdf_oh_get_array_item(pdf, contents, $0) }
        }
        return qpdf_oh_is_stream(pdf, contents) != QPDF_FALSE ? [contents] : []
    }

    /// A new direct array of `items` (an indirect item is written as a reference to it).
    static func array(_ items: [qpdf_oh], in pdf: qpdf_data) -> qpdf_oh {
        let array = qpdf_oh_new_array(pdf)
        for item in items { qpdf_oh_append_item(pdf, array, item) }
        return array
    }
}
