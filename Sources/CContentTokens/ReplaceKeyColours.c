#include "CContentTokens.h"
#include "ContentTokenizer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// Cairo writes a colour as `r g b rg` with six decimals (`%f`): a key matches within half of
// the last one.
static const double key_tolerance = 5e-7;

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
} buffer;

static int append(buffer *output, const unsigned char *bytes, size_t count) {
    if (output->length + count > output->capacity) {
        size_t capacity = output->capacity * 2 + count;
        unsigned char *grown = realloc(output->bytes, capacity);
        if (!grown) return 0;
        output->bytes = grown;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->length, bytes, count);
    output->length += count;
    return 1;
}

/// The key among `count` that `rgb` is, or -1.
static long matching_key(const double *rgb, const double *keys, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        const double *key = keys + 3 * i;
        if (fabs(rgb[0] - key[0]) < key_tolerance && fabs(rgb[1] - key[1]) < key_tolerance &&
            fabs(rgb[2] - key[2]) < key_tolerance)
            return (long)i;
    }
    return -1;
}

/// A number token's value (at most 31 bytes; a longer one is no key).
static int number_value(const unsigned char *text, size_t length, double *value) {
    char digits[32];
    if (length >= sizeof digits) return 0;
    memcpy(digits, text, length);
    digits[length] = 0;
    char *end;
    *value = strtod(digits, &end);
    return end == digits + length;
}

unsigned char *ccontent_replace_key_colours(const unsigned char *data, size_t length, const double *keys, size_t count,
                                            const char *const *fills, const char *const *strokes, size_t *length_out) {
    buffer output = {malloc(length + 64), 0, length + 64};
    if (!output.bytes) return NULL;
    size_t copied = 0;          // the input is in the output up to here
    // The operands since the last operator: how many, the last three's values and where the
    // third from last began.
    size_t operand_count = 0;
    double operands[3];
    size_t operand_starts[3];
    int all_numbers = 1;
    size_t position = 0, start;
    token_kind kind;
    while ((kind = ccontent_next_operand_or_operator(data, length, &position, &start)) != token_space) {
        if (kind == token_bad) {
            free(output.bytes);
            return NULL;
        }
        if (kind != token_operator) {
            double value = 0;
            if (kind == token_name || !number_value(data + start, position - start, &value)) all_numbers = 0;
            operands[operand_count % 3] = value;
            operand_starts[operand_count % 3] = start;
            ++operand_count;
            continue;
        }
        int fill = ccontent_equals(data + start, position - start, "rg");
        int stroke = ccontent_equals(data + start, position - start, "RG");
        long key = (fill || stroke) && operand_count == 3 && all_numbers ? matching_key(operands, keys, count) : -1;
        if (key >= 0) {
            const char *replacement = fill ? fills[key] : strokes[key];
            if (!append(&output, data + copied, operand_starts[0] - copied) ||
                !append(&output, (const unsigned char *)replacement, strlen(replacement))) {
                free(output.bytes);
                return NULL;
            }
            copied = position;
        }
        operand_count = 0;
        all_numbers = 1;
    }
    if (!append(&output, data + copied, length - copied)) {
        free(output.bytes);
        return NULL;
    }
    *length_out = output.length;
    return output.bytes;
}
