#include "CContentTokens.h"
#include "ContentTokenizer.h"

#include <stdlib.h>
#include <string.h>

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
    size_t start;
    token_kind kind;
    while ((kind = ccontent_next_operand_or_operator(data, length, &position, &start)) != token_space) {
        switch (kind) {
        case token_bad:
            free(output);
            return NULL;
        case token_name:
            if (mcid_state == mcid_not_seen && ccontent_equals(data + start, position - start, "/MCID")) mcid_state = mcid_expected;
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
            if (mcid >= 0 && ccontent_equals(data + start, position - start, "BDC") && contains(mcids, count, mcid)) {
                // On a line of its own: the operands' bytes, and the space before them, go.
                memcpy(output + written, data + copied, operands_start - copied);
                written += operands_start - copied;
                memcpy(output + written, artifact_opening, sizeof artifact_opening - 1);
                written += sizeof artifact_opening - 1;
                copied = position;
            }
            operands_start = position;
            mcid_state = mcid_not_seen;
            mcid = -1;
            break;
        default:
            break;
        }
    }
    memcpy(output + written, data + copied, length - copied);
    written += length - copied;
    *length_out = written;
    return output;
}
