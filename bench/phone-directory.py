#!/usr/bin/env python3
"""Writes a phone directory: ROWS rows (70,000 for issue 39's measure of tab leaders) in one paragraph.

Usage: phone-directory.py ROWS OUTPUT.txt
Each row "Surname, Given<TAB>555-0123", sorted, its number at the column's end after a dot
leader (`tabs="end right leader=."`): set in three columns of letter, some 600,000 dots.
Deterministic, so two runs time the same input.
"""
import random
import sys

ONSETS = "b br c ch d f g h j k l m n p r s sh st t th v w".split()
VOWELS = "a e i o u ai ea ou".split()
CODAS = "d l ll n r rs s t ck ng nd rt".split()


def name(rng):
    syllables = "".join(rng.choice(ONSETS) + rng.choice(VOWELS) for _ in range(rng.randint(1, 3)))
    return (syllables + rng.choice(CODAS)).capitalize()


def main(rows, output):
    rng = random.Random(rows)
    entries = sorted((name(rng), name(rng), f"555-{rng.randrange(10000):04d}") for _ in range(rows))
    lines = ['<p tabs="end right leader=." hyphenate="false">']
    lines += [f"{surname}, {given}\t{number}" for surname, given, number in entries]
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
