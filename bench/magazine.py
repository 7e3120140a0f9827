#!/usr/bin/env python3
"""Writes a magazine of about PAGES pages full of figures and asides, for bench/run.sh.

Usage: magazine.py PAGES OUTPUT.txt
Each feature is a headline over three columns with a figure beside the text, a figure across
the top of a page, a boxed sidebar, a pull quote over a gutter and a figure kept in a column.
Deterministic, so two runs time the same input. The pictures are the zombie fixture's, which
run.sh copies beside the document.
"""
import sys

WORDS = ("the night shift at the lighthouse keeps a log of ships that pass in fog and of the "
         "keepers who climbed the stair before them while the town below slept behind its "
         "shutters and the bell rang once an hour").split()


def words(count, seed):
    return " ".join(WORDS[(seed * 7 + i) % len(WORDS)] for i in range(count))


def paragraph(seed):
    text = words(70 + seed % 40, seed)
    return text[0].upper() + text[1:] + "."


def feature(number):
    seed = number * 100
    body = [paragraph(seed + i) for i in range(18)]
    parts = [
        '<section columns="1">',
        f'<p style="headline">Feature {number}: the keepers of the light and the ships in the fog</p>',
        '</section>',
        '<section columns="3">',
        body[0], body[1],
        '<figure float="right" width="90">',
        '<img src="coffee.jpg" width="90">',
        f'<caption>Figure {number}.1: a cup at the end of the shift.</caption>',
        '</figure>',
        body[2], body[3], body[4],
        '<aside float="left" width="110" background="#eef2f6" border="0.5 #5a7a9a">',
        '<p style="subheadline">In brief</p>',
        f'<p style="caption">{words(30, seed + 50)}.</p>',
        '</aside>',
        body[5], body[6], body[7],
        '<aside float="center" span="2" border="1 #8a6d3b">',
        f'<p style="subheadline" align="center">“{words(9, seed + 60)}.”</p>',
        '</aside>',
        body[8], body[9], body[10],
        '<figure float="top" span="2">',
        '<img src="rocket.jpg" width="600" height="400">',
        f'<caption>Figure {number}.2: {words(14, seed + 70)}.</caption>',
        '</figure>',
        body[11], body[12], body[13],
        '<figure>',
        '<img src="chelsea.png" width="120">',
        f'<caption>Figure {number}.3: the cat, unimpressed.</caption>',
        '</figure>',
        body[14], body[15], body[16], body[17],
        '</section>',
    ]
    return "\n".join(parts)


def main():
    pages, output = int(sys.argv[1]), sys.argv[2]
    # A feature fills about three A4 pages, each starting a page of its own.
    features = max(1, round(pages / 3))
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n<pagebreak>\n".join(feature(n + 1) for n in range(features)) + "\n")


if __name__ == "__main__":
    main()
