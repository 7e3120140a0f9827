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

/// Bidi embedding levels (UAX #9) of one paragraph of UTF-16 text, `length` of them written to
/// `levels`, rule L1 applied only at the paragraph's end (a line's end is the caller's).
/// `direction`: 0 left to right, 1 right to left, -1 from the first strong character (P2–P3).
/// Returns the paragraph level (0 or 1), or -1 when ICU reports an error.
int32_t tk_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels);

/// Rule L2: the visual order of `count` runs (or characters) with these levels.
/// `visualToLogical[i]` is the logical index shown at visual position i.
int32_t tk_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/// The Bidi_Class of a code point (ICU's UCharDirection: 0 L, 1 R, 13 AL, 9 WS, 7 B, ...).
int32_t tk_bidi_class(uint32_t codepoint);

/// The Script property of a code point (ICU's UScriptCode: 0 Common, 1 Inherited, 25 Latin, ...).
int32_t tk_script(uint32_t codepoint);

/// The Script_Extensions of a code point; returns how many were written (up to `capacity`).
int32_t tk_script_extensions(uint32_t codepoint, int32_t *scripts, int32_t capacity);

/// The ISO 15924 code of a script ("Latn", "Hani", "Arab"), as HarfBuzz takes it.
const char *tk_script_code(int32_t script);

/// East_Asian_Width (ICU's UEastAsianWidth: 0 N, 1 A, 2 H, 3 F, 4 Na, 5 W).
int32_t tk_east_asian_width(uint32_t codepoint);

/// Bidi_Paired_Bracket_Type (0 none, 1 open, 2 close) and, in `*pair`, the matching bracket.
int32_t tk_paired_bracket(uint32_t codepoint, uint32_t *pair);

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

/// The steps of the search's `stepLimit` not yet used.
int32_t tk_regex_steps_left(const tk_regex *regex);

void tk_regex_close(tk_regex *regex);

#endif
