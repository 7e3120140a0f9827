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

#endif
