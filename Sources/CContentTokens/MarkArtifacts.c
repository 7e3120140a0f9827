#include "CContentTokens.h"

#include <stdlib.h>
#include <string.h>

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

static int is_space(unsigned char c) {
    return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

static int is_delimiter(unsigned char c) {
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' ||
           c == '/' || c == '%';
}

static int is_regular(unsigned char c) { return !is_space(c) && !is_delimiter(c); }

static int is_hex_digit(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int equals(const unsigned char *text, size_t length, const char *word) {
    return length == strlen(word) && memcmp(text, word, length) == 0;
}

/// What a run of regular characters is: a number, a keyword operand, or an operator.
static token_kind classify_word(const unsigned char *text, size_t length) {
    size_t i = (text[0] == '+' || text[0] == '-') ? 1 : 0;
    size_t digits = 0, points = 0;
    for (; i < length; ++i) {
        if (text[i] >= '0' && text[i] <= '9') ++digits;
        else if (text[i] == '.') ++points;
        else break;
    }
    if (i == length && digits > 0 && points == 0) return token_integer;
    if (i == length && digits > 0 && points == 1) return token_other_operand;
    if (equals(text, length, "true") || equals(text, length, "false") || equals(text, length, "null"))
        return token_other_operand;
    return token_operator;
}

/// Reads the token at `*position`, leaving `*position` after it.
static token_kind next_token(const unsigned char *data, size_t length, size_t *position) {
    size_t p = *position;
    unsigned char c = data[p];
    token_kind kind;
    if (is_space(c)) {
        while (p < length && is_space(data[p])) ++p;
        kind = token_space;
    } else if (c == '%') {
        while (p < length && data[p] != '\n' && data[p] != '\r') ++p;
        kind = token_comment;
    } else if (c == '(') {
        // Parentheses nest unless escaped; a backslash escapes the byte after it.
        size_t depth = 1;
        for (++p; p < length && depth > 0; ++p) {
            if (data[p] == '\\') ++p;
            else if (data[p] == '(') ++depth;
            else if (data[p] == ')') --depth;
        }
        if (depth > 0) return token_bad;
        if (p > length) return token_bad; // a backslash as the last byte
        kind = token_other_operand;
    } else if (c == '<' && p + 1 < length && data[p + 1] == '<') {
        p += 2;
        kind = token_other_operand;
    } else if (c == '<') {
        for (++p; p < length && data[p] != '>'; ++p)
            if (!is_hex_digit(data[p]) && !is_space(data[p])) return token_bad;
        if (p == length) return token_bad;
        ++p;
        kind = token_other_operand;
    } else if (c == '>') {
        if (p + 1 >= length || data[p + 1] != '>') return token_bad;
        p += 2;
        kind = token_other_operand;
    } else if (c == ')') {
        return token_bad;
    } else if (c == '[' || c == ']' || c == '{' || c == '}') {
        ++p;
        kind = token_other_operand;
    } else if (c == '/') {
        for (++p; p < length && is_regular(data[p]); ++p) {}
        kind = token_name;
    } else {
        size_t start = p;
        while (p < length && is_regular(data[p])) ++p;
        kind = classify_word(data + start, p - start);
    }
    *position = p;
    return kind;
}

/// Where an inline image's data that starts at `start` ends: at the first `EI` with white
/// space before it and white space, a delimiter or the end after it. Returns `length` if none.
static size_t end_of_inline_image(const unsigned char *data, size_t length, size_t start) {
    for (size_t p = start; p + 1 < length; ++p) {
        if (data[p] != 'E' || data[p + 1] != 'I') continue;
        if (p == 0 || !is_space(data[p - 1])) continue;
        if (p + 2 < length && is_regular(data[p + 2])) continue;
        return p;
    }
    return length;
}

/// An integer token's value; -1 for a negative one or one beyond any page's count of MCIDs.
static int integer_value(const unsigned char *text, size_t length) {
    if (text[0] == '-' || length > 9) return -1;
    int value = 0;
    for (size_t i = (text[0] == '+') ? 1 : 0; i < length; ++i) value = value * 10 + (text[i] - '0');
    return value;
}

static int contains(const int *sorted, size_t count, int value) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (sorted[middle] == value) return 1;
        if (sorted[middle] < value) low = middle + 1;
        else high = middle;
    }
    return 0;
}

static const char artifact_opening[] = "\n/Artifact BMC";

unsigned char *ccontent_mark_artifacts(const unsigned char *data, size_t length,
                                       const int *mcids, size_t count, size_t *length_out) {
    // Each opening replaced is at least `/MCID 0 BDC` (11 bytes) and becomes 14: the output
    // is never more than twice the input.
    unsigned char *output = malloc(2 * length + sizeof artifact_opening);
    if (!output) return NULL;
    size_t written = 0;
    size_t copied = 0;          // the input is in the output up to here
    size_t operands_start = 0;  // where the current operator's operands begin
    // The first `/MCID` among the operands decides: the integer after it, or none.
    enum { mcid_not_seen, mcid_expected, mcid_decided } mcid_state = mcid_not_seen;
    int mcid = -1;
    size_t position = 0;
    while (position < length) {
        size_t start = position;
        token_kind kind = next_token(data, length, &position);
        switch (kind) {
        case token_bad:
            free(output);
            return NULL;
        case token_space:
        case token_comment:
            break;
        case token_name:
            if (mcid_state == mcid_not_seen && equals(data + start, position - start, "/MCID")) mcid_state = mcid_expected;
            else if (mcid_state == mcid_expected) mcid_state = mcid_decided;
            break;
        case token_integer:
            if (mcid_state == mcid_expected) {
                mcid_state = mcid_decided;
                mcid = integer_value(data + start, position - start);
            }
            break;
        case token_other_operand:
            if (mcid_state == mcid_expected) mcid_state = mcid_decided;
            break;
        case token_operator:
            if (mcid >= 0 && equals(data + start, position - start, "BDC") && contains(mcids, count, mcid)) {
                // On a line of its own: the operands' bytes, and the space before them, go.
                memcpy(output + written, data + copied, operands_start - copied);
                written += operands_start - copied;
                memcpy(output + written, artifact_opening, sizeof artifact_opening - 1);
                written += sizeof artifact_opening - 1;
                copied = position;
            } else if (equals(data + start, position - start, "ID")) {
                // An inline image's data: one white-space byte, then bytes of any value.
                position = end_of_inline_image(data, length, position + 1);
            }
            operands_start = position;
            mcid_state = mcid_not_seen;
            mcid = -1;
            break;
        }
    }
    memcpy(output + written, data + copied, length - copied);
    written += length - copied;
    *length_out = written;
    return output;
}
