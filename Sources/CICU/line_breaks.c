#include "CICU.h"
#include <pthread.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

// Opening a line-break iterator loads and compiles its rules state; paragraphs come by the
// tens of thousands, so each thread keeps one iterator per locale and only resets its text.
static _Thread_local UBreakIterator *cached_iterator = NULL;
static _Thread_local char cached_locale[64] = "";

// Threads come and go (one lays out each document's pages ahead of drawing, one runs each
// batch job): a thread's iterator is closed when it ends, which _Thread_local alone would leak.
static pthread_key_t iterator_key;
static pthread_once_t iterator_key_once = PTHREAD_ONCE_INIT;
static void close_iterator(void *iterator) { ubrk_close(iterator); }
static void make_iterator_key(void) { pthread_key_create(&iterator_key, close_iterator); }

static UBreakIterator *line_iterator(const char *locale, const UChar *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    if (cached_iterator != NULL && strncmp(cached_locale, locale, sizeof cached_locale) == 0) {
        ubrk_setText(cached_iterator, text, length, &status);
        if (U_SUCCESS(status)) return cached_iterator;
        status = U_ZERO_ERROR;
    }
    if (cached_iterator != NULL) ubrk_close(cached_iterator);
    cached_iterator = ubrk_open(UBRK_LINE, locale, text, length, &status);
    pthread_once(&iterator_key_once, make_iterator_key);
    if (U_FAILURE(status)) {
        pthread_setspecific(iterator_key, NULL);
        cached_iterator = NULL;
        cached_locale[0] = '\0';
        return NULL;
    }
    pthread_setspecific(iterator_key, cached_iterator);
    strncpy(cached_locale, locale, sizeof cached_locale - 1);
    cached_locale[sizeof cached_locale - 1] = '\0';
    return cached_iterator;
}

int32_t tk_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *positions, uint8_t *mandatory, int32_t capacity) {
    UBreakIterator *it = line_iterator(locale, (const UChar *)text, length);
    if (it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE && count < capacity; pos = ubrk_next(it)) {
        int32_t tag = ubrk_getRuleStatus(it);
        positions[count] = pos;
        mandatory[count] = (tag >= UBRK_LINE_HARD && tag < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count++;
    }
    return count;
}

const char *tk_icu_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}
