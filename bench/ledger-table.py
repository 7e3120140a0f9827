#!/usr/bin/env python3
"""Writes a ledger: one table of ROWS rows (1,000 to 20,000 for issue 39's measure of a table's CPU per row).

Usage: ledger-table.py ROWS OUTPUT.txt
A header row repeated on every part, then rows of five columns: a date, a customer's name, an
invoice number, an amount and a running balance, both aligned on their decimal points. Set in
one column of letter. Deterministic, so two runs time the same input.

The table's cost per row should not grow with its rows. Rerun (after `make build`, with
`TYPESET_FONTS=fonts` from the repository root), at three sizes:
  for rows in 1000 5000 20000; do python3 bench/ledger-table.py $rows ledger-$rows.txt
    /usr/bin/time -f "$rows rows: %U user %S sys %M KB" .build/release/typeset ledger-$rows.txt -o ledger-$rows.pdf; done
and divide user + sys by the rows.
"""
import datetime
import pathlib
import random
import sys

GIVEN = "Ada Alan Beatrix Carl Dora Emil Frieda Gustav Hilde Ivo Jana Karl Lena Max Nora Otto Petra Rosa Sven Tilde".split()
FAMILY = ("Adler Becker Carstens Dietrich Eckhart Fischer Graf Hoffmann Iversen Jansen Keller Lorenz Meier "
          "Neumann Oswald Peters Richter Schulz Thiele Vogel Wagner Zimmer").split()


def main(rows, output):
    rng = random.Random(rows)
    day = datetime.date(2024, 1, 2)
    balance = 0
    lines = ['<meta title="Ledger">', '<section columns="1">',
             '<table widths="auto 2* auto auto auto" header-rows="1" rules="rows">',
             '<tr><th>Date</th><th>Customer</th><th>Invoice</th><th align="decimal">Amount</th>'
             '<th align="decimal">Balance</th></tr>']
    for row in range(rows):
        day += datetime.timedelta(days=rng.randint(0, 1))
        cents = rng.randint(-90000, 250000)
        balance += cents
        lines.append(f'<tr><td>{day.isoformat()}</td><td>{rng.choice(FAMILY)}, {rng.choice(GIVEN)}</td>'
                     f'<td>INV-{40000 + row}</td><td align="decimal">{cents / 100:.2f}</td>'
                     f'<td align="decimal">{balance / 100:.2f}</td></tr>')
    lines += ["</table>", "</section>"]
    pathlib.Path(output).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
