#ifndef CCONTENTTOKENS_H
#define CCONTENTTOKENS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Rewrites a page's content stream, read with qpdf's tokenizer: every marked-content
/// sequence opened as `/Tag << … /MCID n … >> BDC` whose n is one of the `count` sorted
/// numbers in `mcids` is opened as `/Artifact BMC` instead (its `EMC` stays). Everything else
/// is copied token for token. Returns a buffer the caller frees with `free`, its length in
/// `length_out`; NULL when the stream cannot be read.
unsigned char *ccontent_mark_artifacts(const unsigned char *data, size_t length,
                                       const int *mcids, size_t count, size_t *length_out);

#ifdef __cplusplus
}
#endif

#endif
