#!/usr/bin/env python3
"""Writes a parts catalogue: one table of ROWS rows (2,000 for issue 36's measure) in two columns.

Usage: table-catalogue.py ROWS OUTPUT.txt
A part number, a description of two to nine words that wraps in its cell, a price aligned on
its decimal point and a stock count; a header row repeated on every part of the table, striped
rows. Deterministic, so two runs time the same input.
"""
import random
import sys

WORDS = ("brass steel hinge bracket flange washer gasket valve spring bolt nut sleeve bearing "
         "seal clamp coupling elbow tee").split()


def main(rows, output):
    rng = random.Random(rows)
    lines = ['<meta title="Parts catalogue">', '<section columns="2">',
             '<table widths="auto 3* auto auto" header-rows="1" rules="rows" stripes="#f2efe8">',
             '<tr><th>Part</th><th>Description</th><th align="decimal">Price</th><th align="right">Stock</th></tr>']
    for row in range(rows):
        description = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 9))).capitalize()
        price = f"{rng.randint(0, 2500)}.{rng.randint(0, 99):02d}"
        lines.append(f'<tr><td>P-{10000 + row}</td><td>{description}</td><td align="decimal">{price}</td>'
                     f'<td align="right">{rng.randint(0, 900)}</td></tr>')
    lines += ["</table>", "</section>"]
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
