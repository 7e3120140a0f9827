#!/usr/bin/env python3
"""Writes a Chinese book of at least MEGABYTES megabytes (UTF-8), one paragraph a line, for
bench/run.sh.

Usage: chinese-book.py MEGABYTES OUTPUT.txt
The text is generated, not copied: sentences drawn from GB 2312's 3,755 first-level hanzi
(the characters of everyday Simplified Chinese), each character's frequency falling with its
rank as a language's words do (Zipf: the rank's reciprocal), with the full-width punctuation
of running text. So the book has a real text's vocabulary — a few thousand distinct
characters, the common ones repeated — and its bytes cost nothing to keep in git. The ranks
are shuffled with a fixed seed (GB 2312 orders the characters by their reading, not by how
often they occur): deterministic, so two runs time the same input.
"""
import itertools
import random
import sys


def first_level_hanzi():
    """GB 2312's level 1: rows 16–55, 94 cells a row, the last row ending at cell 89."""
    characters = []
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            try:
                characters.append(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # the unassigned end of row 55
    return characters


def main():
    megabytes, output = float(sys.argv[1]), sys.argv[2]
    rng = random.Random(39)
    hanzi = first_level_hanzi()
    rng.shuffle(hanzi)
    cumulative = list(itertools.accumulate(1 / rank for rank in range(1, len(hanzi) + 1)))
    limit = int(megabytes * 1_000_000)
    written = 0
    with open(output, "w", encoding="utf-8") as file:
        while written < limit:
            sentences = []
            for _ in range(rng.randint(3, 9)):
                clauses = ("".join(rng.choices(hanzi, cum_weights=cumulative, k=rng.randint(4, 14)))
                           for _ in range(rng.randint(1, 4)))
                sentences.append("，".join(clauses) + rng.choice("。。。。！？；"))
            line = "".join(sentences) + "\n"
            file.write(line)
            written += len(line.encode("utf-8"))


if __name__ == "__main__":
    main()
