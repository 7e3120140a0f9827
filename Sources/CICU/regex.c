#include "CICU.h"
#include <stdio.h>
#include <stdlib.h>
#include <unicode/uregex.h>

struct tk_regex {
    URegularExpression *expression;
    // Steps left for the whole search: ICU's own time limit counts one findNext at a time,
    // and a pattern that is slow at every match would otherwise add up without bound.
    int32_t stepsLeft;
};

static UBool count_step(const void *context, int32_t steps) {
    (void)steps;
    struct tk_regex *regex = (struct tk_regex *)context;
    return --regex->stepsLeft > 0;
}

// ICU's error names (U_REGEX_MISMATCHED_PAREN) mean little to a magazine designer.
static const char *describe(UErrorCode status) {
    switch (status) {
    case U_REGEX_RULE_SYNTAX: return "syntax error";
    case U_REGEX_BAD_ESCAPE_SEQUENCE: return "unknown backslash escape";
    case U_REGEX_PROPERTY_SYNTAX: return "bad Unicode property \\p{...}";
    case U_REGEX_UNIMPLEMENTED: return "a feature ICU does not support";
    case U_REGEX_MISMATCHED_PAREN: return "unbalanced parentheses";
    case U_REGEX_NUMBER_TOO_BIG: return "number too large";
    case U_REGEX_BAD_INTERVAL: return "bad {min,max} repetition";
    case U_REGEX_MAX_LT_MIN: return "in {min,max} the max is less than the min";
    case U_REGEX_INVALID_BACK_REF: return "back-reference to a group that does not exist";
    case U_REGEX_INVALID_FLAG: return "unknown (?flag)";
    case U_REGEX_LOOK_BEHIND_LIMIT: return "a look-behind must have a bounded length";
    case U_REGEX_SET_CONTAINS_STRING: return "a [set] cannot contain strings";
    case U_REGEX_MISSING_CLOSE_BRACKET: return "missing ']'";
    case U_REGEX_INVALID_RANGE: return "range [x-y] with x after y";
    case U_REGEX_PATTERN_TOO_BIG: return "pattern too large or complex";
    case U_REGEX_INVALID_CAPTURE_GROUP_NAME: return "bad capture group name";
    default: return u_errorName(status);
    }
}

tk_regex *tk_regex_open(const uint16_t *pattern, int32_t patternLength,
                        int32_t *errorOffset, char *message, int32_t messageCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError = {0};
    parseError.offset = -1;
    URegularExpression *expression =
        uregex_open((const UChar *)pattern, patternLength, UREGEX_MULTILINE, &parseError, &status);
    if (U_FAILURE(status)) {
        if (expression != NULL) uregex_close(expression);
        *errorOffset = parseError.offset;
        snprintf(message, (size_t)messageCapacity, "%s", describe(status));
        return NULL;
    }
    struct tk_regex *regex = calloc(1, sizeof *regex);
    if (regex == NULL) {
        uregex_close(expression);
        *errorOffset = -1;
        snprintf(message, (size_t)messageCapacity, "out of memory");
        return NULL;
    }
    regex->expression = expression;
    return regex;
}

int32_t tk_regex_reset(tk_regex *regex, const uint16_t *text, int32_t textLength, int32_t stepLimit) {
    UErrorCode status = U_ZERO_ERROR;
    regex->stepsLeft = stepLimit;
    uregex_setText(regex->expression, (const UChar *)text, textLength, &status);
    uregex_setTimeLimit(regex->expression, stepLimit, &status);
    uregex_setMatchCallback(regex->expression, count_step, regex, &status);
    return U_SUCCESS(status) ? 0 : -1;
}

int32_t tk_regex_next(tk_regex *regex, int32_t *start, int32_t *end) {
    UErrorCode status = U_ZERO_ERROR;
    UBool found = uregex_findNext(regex->expression, &status);
    if (status == U_REGEX_TIME_OUT || status == U_REGEX_STOPPED_BY_CALLER || status == U_REGEX_STACK_OVERFLOW) return -2;
    if (U_FAILURE(status)) return -1;
    if (!found) return 0;
    *start = uregex_start(regex->expression, 0, &status);
    *end = uregex_end(regex->expression, 0, &status);
    return U_SUCCESS(status) ? 1 : -1;
}

int32_t tk_regex_steps_left(const tk_regex *regex) {
    return regex->stepsLeft > 0 ? regex->stepsLeft : 0;
}

void tk_regex_close(tk_regex *regex) {
    if (regex == NULL) return;
    uregex_close(regex->expression);
    free(regex);
}
