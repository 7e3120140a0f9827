#ifndef CCONTENTTOKENS_H
#define CCONTENTTOKENS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Rewrites a page's content stream, read with PDF's lexical rules: every marked-content
/// sequence opened as `/Tag << … /MCID n … >> BDC` whose n is one of the `count` sorted
/// numbers in `mcids` is opened as `/Artifact BMC` instead, on a line of its own (its `EMC`
/// stays); every other byte is copied as it is. Returns a buffer the caller frees with `free`,
/// its length in `length_out`; NULL when the stream cannot be read (an unterminated string,
/// a stray `)` or `>`, a bad hexadecimal string) or memory runs out.
unsigned char *ccontent_mark_artifacts(const unsigned char *data, size_t length,
                                       const int *mcids, size_t count, size_t *length_out);

/// Rewrites a page's content stream, read as `ccontent_mark_artifacts` reads it: each colour
/// set as `r g b rg` or `r g b RG` whose operands are, to Cairo's six decimals, the i-th of the
/// `count` key colours in `keys` (r, g, b of each, one after the other) becomes `fills[i]` or
/// `strokes[i]` (NUL-terminated operators, such as `0 0.9 0.85 0 k`); every other byte is
/// copied as it is. Returns a buffer the caller frees with `free`, its length in
/// `length_out`; NULL when the stream cannot be read or memory runs out.
unsigned char *ccontent_replace_key_colours(const unsigned char *data, size_t length, const double *keys, size_t count,
                                            const char *const *fills, const char *const *strokes, size_t *length_out);

#ifdef __cplusplus
}
#endif

#endif
