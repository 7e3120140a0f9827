#!/usr/bin/env python3
"""Measures the word spacing of typeset PDFs from their word boxes.

Usage:
  measure.py SOURCE.txt [--columns N --gutter PT --margin PT] [--target-p95 EM --target-loose PCT]
             --engine NAME PDF SECONDS [--engine NAME PDF SECONDS ...]

SOURCE.txt is the text every engine was given, one paragraph a line. For each PDF this runs
`pdftotext -bbox-layout`, rebuilds the lines from the word boxes and prints one row of the
table: pages, the median and 95th percentile of the inter-word gaps of full lines (in em),
the share of those gaps wider than 0.6 em, the share of lines that end in a hyphen the
source does not have, the share of words extracted in source order, and the time given.
Then it says whether the first engine (typeset) meets the target.

The rules (README.md beside this file explains why):
  - lines: words on one page, in one column (by where the word's middle falls among the
    columns the page geometry gives), on one
    baseline (same yMax within 1 pt), ordered by xMin; reading order is page, column, top.
  - a column's right edge is the median right end (xMax) of its lines, over the whole
    document, that do not end a paragraph: in justified text those end at the edge.
  - a full line reaches that edge (xMax >= edge - 0.5 pt), has at least two words, and does
    not end a paragraph (its last word is not aligned with a paragraph's last source word).
  - gap = next word's xMin - this word's xMax, over the font size (10 pt) for em.
  - a line ending in "-" (or a soft hyphen, or U+2010) is rejoined with the next line's first
    word; it counts as hyphenated unless the joined word with its hyphen is a source word
    (an explicit hyphen, as in "Beer-sheba").
  - words in order: the extracted words (after rejoining) are aligned with the source words
    by walking both sequences and, after a mismatch, resuming where six words agree again;
    the share is matched words over the longer of the two sequences.

Standard library only; needs pdftotext (poppler-utils).
"""

import argparse
import bisect
import math
import subprocess
import unicodedata
import xml.etree.ElementTree as ET

FONT_SIZE = 10.0        # pt: every engine sets the text at 10 pt, so 1 em = 10 pt
EDGE_TOLERANCE = 0.5    # pt: how far short of the column's right edge a full line may end
LOOSE_GAP = 0.6         # em: a gap wider than this is "loose"
TARGET_P95 = 0.34       # em (the two-column job's goal; run.sh passes each job's)
TARGET_LOOSE = 0.02     # percent
TARGET_ORDER = 99.5     # percent
HYPHENS = ("-", "\u00ad", "\u2010")  # hyphen-minus, soft hyphen (Typst), hyphen

# pdftotext's XHTML puts every element in this namespace.
NS = "{http://www.w3.org/1999/xhtml}"


class Word:
    __slots__ = ("text", "x0", "x1", "y1", "line")

    def __init__(self, text, x0, x1, y1):
        self.text, self.x0, self.x1, self.y1 = text, x0, x1, y1
        self.line = None


class Line:
    __slots__ = ("column", "words", "paragraph_end", "hyphenated")

    def __init__(self, column, words):
        self.column, self.words = column, words
        self.paragraph_end = False
        self.hyphenated = False

    @property
    def x1(self):
        return self.words[-1].x1


def normalize(text):
    """A word as it is compared with the source: compatibility forms unfolded (ligatures),
    typographic apostrophes and quotes made ASCII (TeX's T1 font turns ' into ’)."""
    text = unicodedata.normalize("NFKC", text)
    return text.translate({0x2019: "'", 0x2018: "'", 0x201C: '"', 0x201D: '"'})


def read_pages(pdf):
    """The PDF's pages as (width, [Word]) from pdftotext's word boxes."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", pdf, "-"], check=True,
                           capture_output=True).stdout
    root = ET.fromstring(xhtml)
    pages = []
    for page in root.iter(NS + "page"):
        words = [Word(w.text or "", float(w.get("xMin")), float(w.get("xMax")),
                      float(w.get("yMax")))
                 for w in page.iter(NS + "word")]
        pages.append((float(page.get("width")), words))
    return pages


def column_of(x, width, columns, gutter, margin):
    """The column (from 0) whose band holds x: each band is a column with half a gutter on
    either side, so a word that hangs into the gutter stays in its column."""
    pitch = (width - 2 * margin + gutter) / columns
    return min(columns - 1, max(0, int((x - margin + gutter / 2) // pitch)))


def build_lines(pages, columns, gutter, margin):
    """Lines in reading order, rebuilt from the word boxes, so that nothing depends on
    pdftotext's layout analysis (its blocks and lines are guesses; the boxes are not)."""
    lines = []
    for width, words in pages:
        for column in range(columns):
            own = [w for w in words
                   if column_of((w.x0 + w.x1) / 2, width, columns, gutter, margin) == column]
            own.sort(key=lambda w: (w.y1, w.x0))
            current = []
            for w in own:
                if current and abs(w.y1 - current[-1].y1) > 1.0:
                    lines.append(Line(column, sorted(current, key=lambda v: v.x0)))
                    current = []
                current.append(w)
            if current:
                lines.append(Line(column, sorted(current, key=lambda v: v.x0)))
    for line in lines:
        for w in line.words:
            w.line = line
    return lines


def extracted_words(lines, source_set):
    """The words as a reader would copy them: a word cut by a hyphen at a line end is
    rejoined with the next line's first word. Returns [(text, last Word)] and marks the
    lines that end in a hyphen the source word does not have."""
    out = []
    carry = None  # (text, ending line) of a word cut at the previous line's end
    for i, line in enumerate(lines):
        for k, w in enumerate(line.words):
            text = normalize(w.text)
            if carry is not None:
                cut, cut_line = carry
                carry = None
                with_hyphen = cut + "-" + text
                if with_hyphen in source_set:
                    text = with_hyphen          # an explicit hyphen: "Beer-" + "sheba"
                else:
                    text = cut + text           # a hyphenation: "begin-" + "ning"
                    cut_line.hyphenated = True
            last_on_line = k == len(line.words) - 1
            if (last_on_line and i + 1 < len(lines) and len(text) > 1
                    and text.endswith(HYPHENS)):
                carry = (text[:-1], line)
                continue
            out.append((text, w))
    return out


def align(source, extracted, k=6):
    """Walks the two word sequences together. After a mismatch it resumes at the nearest
    place, counted in words skipped on both sides, where k words agree again (found through
    an index of the extracted sequence's k-word runs). Returns the (source index, extracted
    index) pairs that matched: reordered, lost or invented words are left out of them."""
    index = {}
    for p in range(len(extracted) - k + 1):
        index.setdefault(tuple(extracted[p:p + k]), []).append(p)
    pairs = []
    i = j = 0
    n, m = len(source), len(extracted)
    while i < n and j < m:
        if source[i] == extracted[j]:
            pairs.append((i, j))
            i += 1
            j += 1
            continue
        best = None  # (skipped source words, skipped extracted words)
        a = 0
        while i + a + k <= n and (best is None or a < best[0] + best[1]):
            places = index.get(tuple(source[i + a:i + a + k]), ())
            x = bisect.bisect_left(places, j)
            if x < len(places) and (best is None or a + places[x] - j < sum(best)):
                best = (a, places[x] - j)
            a += 1
        if best is None:
            break  # nothing further agrees for k words
        i += best[0]
        j += best[1]
    return pairs


def percentile(sorted_values, q):
    """The q-th percentile (0..100) by linear interpolation between closest ranks."""
    if not sorted_values:
        return float("nan")
    pos = (len(sorted_values) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def measure(pdf, paragraphs, columns, gutter, margin):
    pages = read_pages(pdf)
    lines = build_lines(pages, columns, gutter, margin)
    if not lines:
        raise SystemExit(f"{pdf}: no text found")

    # Source words, and the index of each paragraph's last word.
    source, paragraph_ends = [], set()
    for words in paragraphs:
        source.extend(normalize(w) for w in words)
        paragraph_ends.add(len(source) - 1)
    extracted = extracted_words(lines, set(source))
    pairs = align(source, [t for t, _ in extracted])
    for i, j in pairs:
        if i in paragraph_ends:
            extracted[j][1].line.paragraph_end = True

    # Each column's right edge: the median right end of its lines that do not end a
    # paragraph. (Not the most common end: WeasyPrint's justified lines end anywhere within
    # about 0.7 pt, and Typst's overhanging punctuation ends up to 2 pt beyond the column.)
    edges = {}
    for column in range(columns):
        ends = sorted(l.x1 for l in lines if l.column == column and not l.paragraph_end)
        edges[column] = percentile(ends, 50)

    gaps = []
    full = 0
    for line in lines:
        edge = edges[line.column]
        if (len(line.words) < 2 or line.paragraph_end or math.isnan(edge)
                or line.x1 < edge - EDGE_TOLERANCE):
            continue
        full += 1
        gaps.extend((b.x0 - a.x1) / FONT_SIZE for a, b in zip(line.words, line.words[1:]))
    gaps.sort()
    return {
        "pages": len(pages),
        "lines": len(lines),
        "full": full,
        "p50": percentile(gaps, 50),
        "p95": percentile(gaps, 95),
        "loose": 100 * sum(g > LOOSE_GAP for g in gaps) / max(len(gaps), 1),
        "hyphenated": 100 * sum(l.hyphenated for l in lines) / len(lines),
        "order": 100 * len(pairs) / max(len(source), len(extracted)),
        "gaps": len(gaps),
        "edges": edges,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", help="the text every engine set, one paragraph a line")
    parser.add_argument("--engine", nargs=3, action="append", required=True,
                        metavar=("NAME", "PDF", "SECONDS"))
    parser.add_argument("--columns", type=int, default=2, help="columns a page (default 2)")
    parser.add_argument("--gutter", type=float, default=18, help="pt between columns (default 18)")
    parser.add_argument("--margin", type=float, default=54, help="pt of left and right margin (default 54)")
    parser.add_argument("--target-p95", type=float, default=TARGET_P95, help="em")
    parser.add_argument("--target-loose", type=float, default=TARGET_LOOSE, help="percent")
    args = parser.parse_args()

    with open(args.source, encoding="utf-8") as f:
        paragraphs = [line.split() for line in f if line.strip()]

    print(f"{'engine':<18} {'pages':>5} {'p50 gap':>8} {'p95 gap':>8} {'gaps>0.6em':>10} "
          f"{'hyphenated lines':>16} {'words in order':>14} {'time':>7}")
    results = {}
    for name, pdf, seconds in args.engine:
        r = measure(pdf, paragraphs, args.columns, args.gutter, args.margin)
        results[name] = r
        print(f"{name:<18} {r['pages']:>5} {r['p50']:>5.3f} em {r['p95']:>5.3f} em "
              f"{r['loose']:>8.2f} % {r['hyphenated']:>14.2f} % {r['order']:>12.2f} % "
              f"{float(seconds):>6.2f}s")

    name = args.engine[0][0]
    r = results[name]
    met = r["p95"] <= args.target_p95 and r["loose"] <= args.target_loose
    print()
    print(f"target: p95 ≤ {args.target_p95:.2f} em and loose gaps ≤ {args.target_loose:g} % — "
          f"{name}: {'MET' if met else 'NOT MET'} "
          f"(p95 {r['p95']:.3f} em, loose {r['loose']:.2f} %)")
    bad = [n for n, r in results.items() if r["order"] < TARGET_ORDER]
    print(f"words in order ≥ {TARGET_ORDER} %: " +
          ("every engine" if not bad else "NOT for " + ", ".join(bad)))
    print()
    print(f"{len(paragraphs)} paragraphs; per engine: lines, full lines (gaps measured), "
          "columns' right edges")
    for name, r in results.items():
        edges = ", ".join(f"{e:.1f}" for e in r["edges"].values())
        print(f"  {name:<18} {r['lines']:>5} lines, {r['full']:>5} full ({r['gaps']:>5} gaps); "
              f"right edges at {edges} pt")


if __name__ == "__main__":
    main()
