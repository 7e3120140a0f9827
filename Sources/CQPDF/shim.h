// qpdf's C API (qpdf-c.h, libqpdf 11): its types, and each function typeset calls as the type of
// the pointer dlsym gives for it. Nothing here links libqpdf: `typeset` opens it with dlopen the
// first time it places a PDF picture's page (Images/QPDFLibrary.swift), as it opens the vector
// renderers (docs/pipeline.md, "Speed: start-up"); the fuzzing targets, which call it directly,
// link it (Package.swift).
#include <qpdf/qpdf-c.h>

/* QPDF_ERRORS is a shift expression, which Swift does not import. */
static const int CQPDFErrors = QPDF_ERRORS;

typedef __typeof__(&qpdf_init) qpdf_init_function;
typedef __typeof__(&qpdf_cleanup) qpdf_cleanup_function;
typedef __typeof__(&qpdf_silence_errors) qpdf_silence_errors_function;
typedef __typeof__(&qpdf_set_suppress_warnings) qpdf_set_suppress_warnings_function;
typedef __typeof__(&qpdf_read_memory) qpdf_read_memory_function;
typedef __typeof__(&qpdf_has_error) qpdf_has_error_function;
typedef __typeof__(&qpdf_get_error) qpdf_get_error_function;
typedef __typeof__(&qpdf_get_error_full_text) qpdf_get_error_full_text_function;
typedef __typeof__(&qpdf_get_num_pages) qpdf_get_num_pages_function;
typedef __typeof__(&qpdf_get_page_n) qpdf_get_page_n_function;
typedef __typeof__(&qpdf_get_object_by_id) qpdf_get_object_by_id_function;
typedef __typeof__(&qpdf_get_root) qpdf_get_root_function;
typedef __typeof__(&qpdf_oh_release_all) qpdf_oh_release_all_function;
typedef __typeof__(&qpdf_oh_get_type_code) qpdf_oh_get_type_code_function;
typedef __typeof__(&qpdf_oh_is_indirect) qpdf_oh_is_indirect_function;
typedef __typeof__(&qpdf_oh_get_object_id) qpdf_oh_get_object_id_function;
typedef __typeof__(&qpdf_oh_get_generation) qpdf_oh_get_generation_function;
typedef __typeof__(&qpdf_oh_get_int_value) qpdf_oh_get_int_value_function;
typedef __typeof__(&qpdf_oh_get_numeric_value) qpdf_oh_get_numeric_value_function;
typedef __typeof__(&qpdf_oh_get_name) qpdf_oh_get_name_function;
typedef __typeof__(&qpdf_oh_unparse_binary) qpdf_oh_unparse_binary_function;
typedef __typeof__(&qpdf_get_last_string_length) qpdf_get_last_string_length_function;
typedef __typeof__(&qpdf_oh_get_array_n_items) qpdf_oh_get_array_n_items_function;
typedef __typeof__(&qpdf_oh_get_array_item) qpdf_oh_get_array_item_function;
typedef __typeof__(&qpdf_oh_begin_dict_key_iter) qpdf_oh_begin_dict_key_iter_function;
typedef __typeof__(&qpdf_oh_dict_more_keys) qpdf_oh_dict_more_keys_function;
typedef __typeof__(&qpdf_oh_dict_next_key) qpdf_oh_dict_next_key_function;
typedef __typeof__(&qpdf_oh_get_key) qpdf_oh_get_key_function;
typedef __typeof__(&qpdf_oh_get_dict) qpdf_oh_get_dict_function;
typedef __typeof__(&qpdf_oh_get_stream_data) qpdf_oh_get_stream_data_function;
typedef __typeof__(&qpdf_oh_get_page_content_data) qpdf_oh_get_page_content_data_function;
