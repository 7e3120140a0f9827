#ifndef CONTENT_TOKENIZER_H
#define CONTENT_TOKENIZER_H

#include <stddef.h>

// A content stream is read with the lexical rules of ISO 32000-1 §7.2 and §8.9.7 (inline
// images), and only as far as finding operators needs: strings, hexadecimal strings and
// comments are skipped whole, so that bytes inside them are never taken for an operator.
// This replaced qpdf's C++ tokenizer, which built a token object with two std::strings for
// every token and cost more than Cairo's own drawing of the same pages (docs/pipeline.md,
// "Speed: the finishing step, memory and the PDF's size").

typedef enum {
    token_space,
    token_comment,
    token_name,
    token_integer,
    token_other_operand, // a string, a real, a boolean, null, or a bracket
    token_operator,
    token_bad,
} token_kind;

/// Whether the `length` bytes at `text` are `word`.
int ccontent_equals(const unsigned char *text, size_t length, const char *word);

/// Reads the token at `*position`, leaving `*position` after it.
token_kind ccontent_next_token(const unsigned char *data, size_t length, size_t *position);

/// Reads the next token that is neither white space nor a comment, from `*position`, leaving
/// `*position` after it (and after an inline image's data, for its `ID` operator) and its
/// first byte's offset in `*start`. `token_space` at the end of the stream.
token_kind ccontent_next_operand_or_operator(const unsigned char *data, size_t length, size_t *position, size_t *start);

/// Where an inline image's data that starts at `start` ends: at the first `EI` with white
/// space before it and white space, a delimiter or the end after it. Returns `length` if none.
size_t ccontent_end_of_inline_image(const unsigned char *data, size_t length, size_t start);

#endif
