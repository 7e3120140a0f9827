#include "ContentTokenizer.h"

#include <string.h>

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

int ccontent_equals(const unsigned char *text, size_t length, const char *word) {
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
    if (ccontent_equals(text, length, "true") || ccontent_equals(text, length, "false") || ccontent_equals(text, length, "null"))
        return token_other_operand;
    return token_operator;
}

token_kind ccontent_next_token(const unsigned char *data, size_t length, size_t *position) {
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

size_t ccontent_end_of_inline_image(const unsigned char *data, size_t length, size_t start) {
    for (size_t p = start; p + 1 < length; ++p) {
        if (data[p] != 'E' || data[p + 1] != 'I') continue;
        if (p == 0 || !is_space(data[p - 1])) continue;
        if (p + 2 < length && is_regular(data[p + 2])) continue;
        return p;
    }
    return length;
}


token_kind ccontent_next_operand_or_operator(const unsigned char *data, size_t length, size_t *position, size_t *start) {
    while (*position < length) {
        *start = *position;
        token_kind kind = ccontent_next_token(data, length, position);
        if (kind == token_space || kind == token_comment) continue;
        if (kind == token_operator && ccontent_equals(data + *start, *position - *start, "ID")) {
            // An inline image's data: one white-space byte, then bytes of any value.
            *position = ccontent_end_of_inline_image(data, length, *position + 1);
        }
        return kind;
    }
    return token_space;
}
