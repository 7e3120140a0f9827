#!/usr/bin/env python3
"""Writes a document with COUNT elements of one KIND, for bench/scaling/run.sh.

Usage: generate.py KIND COUNT OUTPUT.txt
Every document is deterministic (a fixed seed), so two runs time the same input. Pictures refer
to pic.png, which run.sh copies beside the document; an issue's article is written beside it.
"""
import os
import random
import sys

WORDS = ("the night shift at the lighthouse keeps a log of ships that pass in fog and of the "
         "keepers who climbed the stair before them").split()


def words(count, seed=0):
    return " ".join(WORDS[(seed + i) % len(WORDS)] for i in range(count))


def lines(n):
    # n short paragraphs, one a line.
    return "\n".join(f"Paragraph {i}: {words(12, i)}." for i in range(n))


def pictures(n):
    # n inline pictures on one line (one paragraph).
    return " ".join(f'word <img src="pic.png" width="6" height="6">' for _ in range(n))


def links(n):
    return " ".join(f'<a href="https://example.com/{i}">link</a>' for i in range(n))


def entities_known(n):
    # Back to back, as one long word: the line breaker and shaper see them all at once.
    return "".join("&amp;&mdash;&#x263A;" for _ in range(n // 3 + 1))


def entities_unknown(n):
    # Each an unknown entity (a warning, and the text kept as written), back to back.
    return "".join("&zork;" for _ in range(n))


def rules(n):
    # The text stays the same: each rule is matched against all of it, so a longer text would
    # make the work n times its length, not n.
    head = "".join(f'<rule pattern="w{i}x" color="red"/>' for i in range(n))   # on one line
    return head + "\n" + " ".join(f"w{i}x" for i in range(0, 2000, 7)) + "\n" + lines(20)


def sections(n):
    blocks = []
    for i in range(n):
        columns = 1 + i % 3
        blocks.append(f'<section columns="{columns}">\n{words(30, i)}.\n</section>')
    return "\n".join(blocks)


def floats(n):
    # Widths other than 20: a float of width 20 could hang the unfixed code (issue 12, item 1).
    side = ("left", "right")
    return "\n".join(
        f'<img src="pic.png" float="{side[i % 2]}" width="{30 + i % 5 * 7}" height="24">{words(40, i)}.'
        for i in range(n))


def contour_floats(n):
    # n pictures with transparency floated with wrap="contour": each picture's contour is
    # traced once and stored on its float (issue 40, item 7: each was a rewrite of the text's runs).
    side = ("left", "right")
    return "\n".join(
        f'<img src="contour.png" float="{side[i % 2]}" wrap="contour" width="{30 + i % 5 * 7}" alt="">{words(40, i)}.'
        for i in range(n))


def figures(n):
    # n figures kept in the column, each a picture and a caption, between paragraphs: each
    # figure's height is measured paragraph by paragraph past the paragraph cache's budget.
    return "\n".join(
        f'{words(30, i)}.\n<figure width="{90 + i % 4 * 10}"><img src="pic.png" height="30"><caption>Figure {i}: {words(8, i)}.</caption></figure>'
        for i in range(n))


def top_floats(n):
    # n pictures floated to the top of one column each (span 1) in three columns, a paragraph apart.
    return '<section columns="3">\n' + "\n".join(
        f'<img src="pic.png" float="top" span="1" height="{30 + i % 3 * 8}">{words(25, i)}.' for i in range(n)) + "\n</section>"


def pull_quotes(n):
    # n pull quotes over the gutter of two columns (one a page: the rest wait for the pages
    # after), each after a paragraph.
    return '<section columns="2">\n' + "\n".join(
        f'{words(60, i)}.\n<aside float="center" border="1 #8a6d3b" padding="6">\n<p align="center">Quote {i}: {words(6, i)}.</p>\n</aside>'
        for i in range(n)) + "\n</section>"


def asides(n):
    # n boxed sidebars floated left or right, each beside a paragraph.
    side = ("left", "right")
    return "\n".join(
        f'<aside float="{side[i % 2]}" width="{120 + i % 4 * 10}" background="#e8eef4" border="0.5 #5a7a9a">\n<p>Aside {i}: {words(12, i)}.</p>\n</aside>\n{words(40, i)}.'
        for i in range(n))


def floated_figures(n):
    # n figures floated left or right, each a picture and a caption beside a paragraph.
    side = ("left", "right")
    return "\n".join(
        f'<figure float="{side[i % 2]}" width="{100 + i % 4 * 10}"><img src="pic.png" height="30"><caption>Figure {i}: {words(6, i)}.</caption></figure>\n{words(40, i)}.'
        for i in range(n))


def tab_columns(n):
    # A table of n tab-stop columns: rows of n cells, each tab going to its own stop (spread
    # over the 14,400 pt a stop may lie at).
    stops = ", ".join(f"{14000 * (i + 1) / n:.2f}" for i in range(n))
    row = "\t".join(f"c{i % 10}" for i in range(n))
    return f'<p tabs="{stops}" hyphenate="false" align="left">' + "\n".join(row for _ in range(3)) + "</p>"


def polygon_points(n):
    # One polygon of n random corners (self-intersecting: the slow case) over two pages of text.
    rng = random.Random(12)
    points = " ".join(f"{rng.uniform(80, 500):.1f},{rng.uniform(100, 740):.1f}" for _ in range(n))
    return f'<exclusion shape="polygon" points="{points}" padding="2">\n' + lines(60)


def paragraph_length(n):
    # One paragraph of n words, no line end.
    return words(n)


def heading_length(n):
    # One headline of n words: a bookmark whose paragraph runs over many lines and pages.
    return '<p style="headline">' + words(n) + "</p>\nText."


def nested_fonts(n):
    # n nested <font> tags, each changing the colour and size, closed in order.
    opening = "".join(f'<font color="#{(i * 37) % 256:02x}4060" size="{9 + i % 4}">w{i} ' for i in range(n))
    return opening + "end" + "</font>" * n


def size_changes(n):
    # n <font size> changes on one line, alternating two sizes: a style run each.
    return " ".join(f'<font size="{9 if i % 2 else 12}">x</font>' for i in range(n))


def rule_matches(n):
    # One <rule> matching n times on one paragraph: a style run a match.
    return '<rule pattern="[ac]" color="red"/>\n' + "abc " * (n // 2)


def warnings(n):
    # n warnings: an unknown attribute each, one a line.
    return "\n".join(f'<font bogus="{i}">w{i}</font>' for i in range(n))


def includes(n, folder):
    # An issue of n <include>s, one a line, of one short article beside it (a paragraph).
    with open(os.path.join(folder, "article.txt"), "w", encoding="utf-8") as file:
        file.write(f"An article: {words(12)}.\n")
    return "\n".join('<include src="article.txt">' for _ in range(n))


def nested_includes(n, folder):
    # An issue of n <include>s of one article of a few paragraphs, which includes a note of its own.
    with open(os.path.join(folder, "article.txt"), "w", encoding="utf-8") as file:
        file.write("".join(f"{words(12)}.\n" for _ in range(4)) + '<include src="note.txt">\n')
    with open(os.path.join(folder, "note.txt"), "w", encoding="utf-8") as file:
        file.write(f"A note: {words(6)}.\n")
    return "\n".join('<include src="article.txt">' for _ in range(n))


KINDS = {
    "lines": lines,
    "pictures": pictures,
    "links": links,
    "entities-known": entities_known,
    "entities-unknown": entities_unknown,
    "rules": rules,
    "sections": sections,
    "floats": floats,
    "contour-floats": contour_floats,
    "figures": figures,
    "top-floats": top_floats,
    "floated-figures": floated_figures,
    "pull-quotes": pull_quotes,
    "asides": asides,
    "tab-columns": tab_columns,
    "polygon-points": polygon_points,
    "paragraph-words": paragraph_length,
    "heading-words": heading_length,
    "nested-fonts": nested_fonts,
    "size-changes": size_changes,
    "rule-matches": rule_matches,
    "warnings": warnings,
    "includes": includes,
    "nested-includes": nested_includes,
}
# The kinds that write files of their own beside the document, given its folder.
WITH_FILES = {"includes", "nested-includes"}

if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in KINDS:
        sys.exit(f"usage: generate.py {'|'.join(KINDS)} COUNT OUTPUT.txt")
    kind, count, output = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(output, "w", encoding="utf-8") as file:
        folder = os.path.dirname(os.path.abspath(output))
        file.write((KINDS[kind](count, folder) if kind in WITH_FILES else KINDS[kind](count)) + "\n")
