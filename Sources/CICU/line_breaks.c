#include "CICU.h"
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
#include <stdio.h>

int32_t tk_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *positions, uint8_t *mandatory, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE && count < capacity; pos = ubrk_next(it)) {
        int32_t tag = ubrk_getRuleStatus(it);
        positions[count] = pos;
        mandatory[count] = (tag >= UBRK_LINE_HARD && tag < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    ubrk_close(it);
    return count;
}

const char *tk_icu_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}
