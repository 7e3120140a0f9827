#!/usr/bin/env python3
"""Writes a parts catalogue of LINES lines, each a distinct part number, a description and a
price (`KXB-30417-5521 bolt hex 2087.86`), for bench/run.sh.

Usage: catalogue.py LINES OUTPUT.txt
The kind of text whose words hardly repeat (a price list, a phone directory, a data appendix):
every part number and nearly every price is a word no other line has, so memory that follows
the count of distinct words shows here and not on a book. Deterministic, so two runs time the
same input; plain ASCII, so pdfLaTeX reads it as it is.
"""
import random
import sys

KINDS = ("bolt", "nut", "washer", "screw", "rivet", "bracket", "hinge", "spring", "bearing",
         "gasket", "clamp", "pin", "bushing", "flange", "valve", "coupling")
QUALITIES = ("hex", "flat", "round", "square", "brass", "steel", "zinc", "nylon", "long",
             "short", "heavy", "light", "metric", "imperial", "sealed", "threaded")
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def part_numbers(count, rng):
    """COUNT distinct part numbers in random order."""
    seen = set()
    while len(seen) < count:
        prefix = "".join(rng.choice(LETTERS) for _ in range(3))
        seen.add(f"{prefix}-{rng.randrange(100000):05d}-{rng.randrange(10000):04d}")
    numbers = sorted(seen)
    rng.shuffle(numbers)
    return numbers


def main():
    lines, output = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(39)
    with open(output, "w", encoding="ascii") as file:
        for number in part_numbers(lines, rng):
            price = rng.randrange(10, 500000) / 100
            file.write(f"{number} {rng.choice(KINDS)} {rng.choice(QUALITIES)} {price:.2f}\n")


if __name__ == "__main__":
    main()
