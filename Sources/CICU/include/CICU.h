#ifndef TYPESET_CICU_H
#define TYPESET_CICU_H
// Plain C entry points over ICU. ICU renames every function by version through macros
// (ubrk_open -> ubrk_open_72) that Swift cannot see; these wrappers keep Swift free of them.
#include <stdint.h>

/// Line-break opportunities of `text` (UTF-16, `length` code units) by UAX #14 for `locale`.
/// Writes up to `capacity` offsets into `positions`: each is an offset at which a new line may
/// start (the last is `length`). `mandatory[i]` is 1 when the break is required (after a hard
/// line break character). Returns the count written, or -1 when ICU reports an error.
int32_t tk_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *positions, uint8_t *mandatory, int32_t capacity);

/// The ICU version the shim was built against, e.g. "72.1".
const char *tk_icu_version(void);

/// Regular expressions for markup rules, with ICU's syntax (that of NSRegularExpression).
/// `^` and `$` match at the start and end of every line (paragraph).
typedef struct tk_regex tk_regex;

/// Compiles `pattern` (UTF-16). On failure returns NULL and sets `*errorOffset` (a UTF-16
/// offset into the pattern, or -1 when unknown) and a short English `message`.
tk_regex *tk_regex_open(const uint16_t *pattern, int32_t patternLength,
                        int32_t *errorOffset, char *message, int32_t messageCapacity);

/// Starts a search of `text`, which must stay unchanged and alive until the search ends.
/// All the matching that follows may take at most `stepLimit` steps of ICU's matcher (a step
/// is about 0.1 ms), so that no pattern can hang on any text. Returns 0, or -1 on failure.
int32_t tk_regex_reset(tk_regex *regex, const uint16_t *text, int32_t textLength, int32_t stepLimit);

/// The next match of the search: 1 with `*start` and `*end` set (UTF-16 offsets), 0 when
/// there are no more, -2 when the step limit is used up, -1 on any other failure.
int32_t tk_regex_next(tk_regex *regex, int32_t *start, int32_t *end);

void tk_regex_close(tk_regex *regex);

#endif
