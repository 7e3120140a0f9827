#include "CICU.h"
#include <pthread.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

// One UBiDi object per thread, reused paragraph after paragraph (opening one allocates).
static _Thread_local UBiDi *cached_bidi = NULL;

// Closed when its thread ends (threads come and go with documents and batch jobs), which
// _Thread_local alone would leak.
static pthread_key_t bidi_key;
static pthread_once_t bidi_key_once = PTHREAD_ONCE_INIT;
static void close_bidi(void *bidi) { ubidi_close(bidi); }
static void make_bidi_key(void) { pthread_key_create(&bidi_key, close_bidi); }

int32_t tk_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    if (cached_bidi == NULL) {
        cached_bidi = ubidi_open();
        if (cached_bidi == NULL) return -1;
        pthread_once(&bidi_key_once, make_bidi_key);
        pthread_setspecific(bidi_key, cached_bidi);
    }
    UBiDiLevel paragraphLevel = direction == 0 ? 0 : direction == 1 ? 1 : UBIDI_DEFAULT_LTR;
    ubidi_setPara(cached_bidi, (const UChar *)text, length, paragraphLevel, NULL, &status);
    if (U_FAILURE(status)) return -1;
    if (length > 0) {
        const UBiDiLevel *resolved = ubidi_getLevels(cached_bidi, &status);
        if (U_FAILURE(status)) return -1;
        for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    }
    return ubidi_getParaLevel(cached_bidi);
}

int32_t tk_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
    if (count <= 0) return 0;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
    return 0;
}

int32_t tk_bidi_class(uint32_t codepoint) {
    return (int32_t)u_charDirection((UChar32)codepoint);
}

int32_t tk_script(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codepoint, &status);
    return U_SUCCESS(status) ? (int32_t)script : (int32_t)USCRIPT_COMMON;
}

int32_t tk_script_extensions(uint32_t codepoint, int32_t *scripts, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = uscript_getScriptExtensions((UChar32)codepoint, (UScriptCode *)scripts, capacity, &status);
    return U_SUCCESS(status) ? count : 0;
}

const char *tk_script_code(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    return name != NULL ? name : "Zyyy";
}

int32_t tk_east_asian_width(uint32_t codepoint) {
    return u_getIntPropertyValue((UChar32)codepoint, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t tk_paired_bracket(uint32_t codepoint, uint32_t *pair) {
    int32_t type = u_getIntPropertyValue((UChar32)codepoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    *pair = (uint32_t)u_getBidiPairedBracket((UChar32)codepoint);
    return type;
}
