// The floor under typeset's layout of a plain text, one paragraph a line: what HarfBuzz takes
// to shape the text's distinct words once each, and what ICU takes to find every line-break
// opportunity of every paragraph. typeset's layout does this library work and its own (cutting
// words apart, hyphenation, Knuth–Plass, building lines); this program times the libraries'
// part alone, in CPU time, as typeset calls them: one reused line-break iterator for every
// paragraph, words split at spaces and shaped left to right in Latin script with the cluster
// level typeset asks for, each distinct word once (typeset's word cache).
//
// Usage: layout-floor TEXT.txt FONT-FILE [LANGUAGE]   (see bench/floor/run.sh)
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

static UChar *read_utf16(const char *path, int32_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc(size);
    if (fread(bytes, 1, size, file) != (size_t)size) { perror(path); exit(1); }
    fclose(file);
    UErrorCode status = U_ZERO_ERROR;
    UChar *units = malloc(sizeof(UChar) * (size + 1));
    u_strFromUTF8(units, (int32_t)size + 1, length, bytes, (int32_t)size, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "%s: not UTF-8\n", path); exit(1); }
    free(bytes);
    return units;
}

// The space characters typeset shapes apart from words (PreparedParagraph.isSpace).
static int is_space(UChar unit) { return unit == 0x20 || unit == 0x09 || unit == 0xA0 || unit == 0x3000; }

// A word: a run of spaces or of other characters within a paragraph.
typedef struct { const UChar *units; int32_t length; } Word;

static int compare_words(const void *a, const void *b) {
    const Word *x = a, *y = b;
    int32_t shorter = x->length < y->length ? x->length : y->length;
    int order = memcmp(x->units, y->units, sizeof(UChar) * shorter);
    return order != 0 ? order : (x->length > y->length) - (x->length < y->length);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s TEXT.txt FONT-FILE [LANGUAGE]\n", argv[0]); return 2; }
    const char *language = argc > 3 ? argv[3] : "en";
    int32_t length;
    UChar *text = read_utf16(argv[1], &length);

    // Paragraphs: the lines, without their line feed (blank lines set nothing).
    int32_t paragraphs = 0, capacity = 1024;
    int32_t (*ranges)[2] = malloc(sizeof *ranges * capacity);
    for (int32_t start = 0; start < length;) {
        int32_t end = start;
        while (end < length && text[end] != 0x0A) end++;
        if (end > start) {
            if (paragraphs == capacity) ranges = realloc(ranges, sizeof *ranges * (capacity *= 2));
            ranges[paragraphs][0] = start;
            ranges[paragraphs][1] = end;
            paragraphs++;
        }
        start = end + 1;
    }

    // ICU: every paragraph's opportunities and whether each is mandatory, through one iterator.
    double before = cpu_seconds();
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, language, NULL, 0, &status);
    long opportunities = 0, mandatory = 0;
    for (int32_t p = 0; p < paragraphs; p++) {
        ubrk_setText(iterator, text + ranges[p][0], ranges[p][1] - ranges[p][0], &status);
        ubrk_first(iterator);
        for (int32_t at = ubrk_next(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) {
            int32_t tag = ubrk_getRuleStatus(iterator);
            mandatory += tag >= UBRK_LINE_HARD && tag < UBRK_LINE_HARD_LIMIT;
            opportunities++;
        }
    }
    ubrk_close(iterator);
    if (U_FAILURE(status)) { fprintf(stderr, "ICU: %s\n", u_errorName(status)); return 1; }
    double breaking = cpu_seconds() - before;

    // The distinct words (not timed: typeset's cache finds them as it goes).
    long words = 0, wordCapacity = 1 << 16;
    Word *all = malloc(sizeof(Word) * wordCapacity);
    for (int32_t p = 0; p < paragraphs; p++) {
        for (int32_t start = ranges[p][0]; start < ranges[p][1];) {
            int32_t end = start + 1;
            while (end < ranges[p][1] && is_space(text[end]) == is_space(text[start])) end++;
            if (words == wordCapacity) all = realloc(all, sizeof(Word) * (wordCapacity *= 2));
            all[words++] = (Word){ text + start, end - start };
            start = end;
        }
    }
    qsort(all, words, sizeof(Word), compare_words);
    long distinct = 0;
    for (long w = 0; w < words; w++) {
        if (distinct == 0 || compare_words(&all[distinct - 1], &all[w]) != 0) all[distinct++] = all[w];
    }

    // HarfBuzz: each distinct word shaped once, with HarfBuzz's own OpenType functions.
    hb_blob_t *blob = hb_blob_create_from_file(argv[2]);
    hb_face_t *face = hb_face_create(blob, 0);
    if (hb_face_get_glyph_count(face) == 0) { fprintf(stderr, "%s: no glyphs\n", argv[2]); return 1; }
    hb_font_t *font = hb_font_create(face);
    hb_buffer_t *buffer = hb_buffer_create();
    hb_language_t hbLanguage = hb_language_from_string(language, -1);
    long glyphs = 0;
    before = cpu_seconds();
    for (long w = 0; w < distinct; w++) {
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf16(buffer, all[w].units, all[w].length, 0, all[w].length);
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
        hb_buffer_set_language(buffer, hbLanguage);
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
        hb_buffer_set_script(buffer, HB_SCRIPT_LATIN);
        hb_shape(font, buffer, NULL, 0);
        glyphs += hb_buffer_get_length(buffer);
    }
    double shaping = cpu_seconds() - before;

    printf("paragraphs %d, UTF-16 units %d\n", paragraphs, length);
    printf("ICU line breaking: %ld opportunities (%ld mandatory), %.3f s CPU\n", opportunities, mandatory, breaking);
    printf("HarfBuzz shaping: %ld distinct words of %ld, %ld glyphs, %.3f s CPU\n", distinct, words, glyphs, shaping);
    printf("sum: %.3f s CPU\n", breaking + shaping);
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return 0;
}
