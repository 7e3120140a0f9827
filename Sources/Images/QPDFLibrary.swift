import CQPDF

/// qpdf's C API (libqpdf 11), opened with `dlopen` the first time a document places a PDF
/// picture's page in a PDF, not linked: linked, it and what it needs (GnuTLS, nettle, GMP,
/// libjpeg… ten libraries) would be loaded and relocated by every run, as the vector renderers
/// were (docs/pipeline.md, "Speed: start-up"). qpdf reads the advertiser's file as any reader
/// does (cross-reference and object streams, filters, a damaged file's objects found again);
/// the finishing step copies the page's objects from it (`PDFPageForm`, in Render). Each
/// property is the C function of its name, less `qpdf_`, in camel case; its type is declared
/// in CQPDF.
public struct QPDFLibrary {
    public let initialize: qpdf_init_function
    public let cleanup: qpdf_cleanup_function
    public let silenceErrors: qpdf_silence_errors_function
    public let setSuppressWarnings: qpdf_set_suppress_warnings_function
    public let readMemory: qpdf_read_memory_function
    public let hasError: qpdf_has_error_function
    public let getError: qpdf_get_error_function
    public let getErrorFullText: qpdf_get_error_full_text_function
    public let getNumPages: qpdf_get_num_pages_function
    public let getPageN: qpdf_get_page_n_function
    public let getObjectByID: qpdf_get_object_by_id_function
    public let getRoot: qpdf_get_root_function
    public let ohReleaseAll: qpdf_oh_release_all_function
    public let ohGetTypeCode: qpdf_oh_get_type_code_function
    public let ohIsIndirect: qpdf_oh_is_indirect_function
    public let ohGetObjectID: qpdf_oh_get_object_id_function
    public let ohGetGeneration: qpdf_oh_get_generation_function
    public let ohGetIntValue: qpdf_oh_get_int_value_function
    public let ohGetNumericValue: qpdf_oh_get_numeric_value_function
    public let ohGetName: qpdf_oh_get_name_function
    public let ohUnparseBinary: qpdf_oh_unparse_binary_function
    public let getLastStringLength: qpdf_get_last_string_length_function
    public let ohGetArrayNItems: qpdf_oh_get_array_n_items_function
    public let ohGetArrayItem: qpdf_oh_get_array_item_function
    public let ohBeginDictKeyIter: qpdf_oh_begin_dict_key_iter_function
    public let ohDictMoreKeys: qpdf_oh_dict_more_keys_function
    public let ohDictNextKey: qpdf_oh_dict_next_key_function
    public let ohGetKey: qpdf_oh_get_key_function
    public let ohGetDict: qpdf_oh_get_dict_function
    public let ohGetStreamData: qpdf_oh_get_stream_data_function
    public let ohGetPageContentData: qpdf_oh_get_page_content_data_function

    /// libqpdf, opened the first time it is asked for; never closed.
    public static func opened() throws -> QPDFLibrary { try shared.get() }

    private static let shared = Result {
        try QPDFLibrary(SharedLibrary(file: "libqpdf.so.29", drawing: "PDF", package: "libqpdf29"))
    }

    private init(_ library: SharedLibrary) throws {
        initialize = try library.function("qpdf_init")
        cleanup = try library.function("qpdf_cleanup")
        silenceErrors = try library.function("qpdf_silence_errors")
        setSuppressWarnings = try library.function("qpdf_set_suppress_warnings")
        readMemory = try library.function("qpdf_read_memory")
        hasError = try library.function("qpdf_has_error")
        getError = try library.function("qpdf_get_error")
        getErrorFullText = try library.function("qpdf_get_error_full_text")
        getNumPages = try library.function("qpdf_get_num_pages")
        getPageN = try library.function("qpdf_get_page_n")
        getObjectByID = try library.function("qpdf_get_object_by_id")
        getRoot = try library.function("qpdf_get_root")
        ohReleaseAll = try library.function("qpdf_oh_release_all")
        ohGetTypeCode = try library.function("qpdf_oh_get_type_code")
        ohIsIndirect = try library.function("qpdf_oh_is_indirect")
        ohGetObjectID = try library.function("qpdf_oh_get_object_id")
        ohGetGeneration = try library.function("qpdf_oh_get_generation")
        ohGetIntValue = try library.function("qpdf_oh_get_int_value")
        ohGetNumericValue = try library.function("qpdf_oh_get_numeric_value")
        ohGetName = try library.function("qpdf_oh_get_name")
        ohUnparseBinary = try library.function("qpdf_oh_unparse_binary")
        getLastStringLength = try library.function("qpdf_get_last_string_length")
        ohGetArrayNItems = try library.function("qpdf_oh_get_array_n_items")
        ohGetArrayItem = try library.function("qpdf_oh_get_array_item")
        ohBeginDictKeyIter = try library.function("qpdf_oh_begin_dict_key_iter")
        ohDictMoreKeys = try library.function("qpdf_oh_dict_more_keys")
        ohDictNextKey = try library.function("qpdf_oh_dict_next_key")
        ohGetKey = try library.function("qpdf_oh_get_key")
        ohGetDict = try library.function("qpdf_oh_get_dict")
        ohGetStreamData = try library.function("qpdf_oh_get_stream_data")
        ohGetPageContentData = try library.function("qpdf_oh_get_page_content_data")
    }
}
