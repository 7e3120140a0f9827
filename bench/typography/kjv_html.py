#!/usr/bin/env python3
"""Writes the typography benchmark's WeasyPrint document: kjv_html.py TEXT FONT [COLUMNS GUTTER] > kjv.html

One <p> per line of TEXT (the same paragraphs the other engines get), set in the TrueType
FONT (typeset's fonts/LiberationSerif-Regular.ttf) loaded with @font-face, so WeasyPrint
uses exactly that file rather than whatever fontconfig finds. Everything not set here is
WeasyPrint's default (its greedy line breaking, Pyphen's English hyphenation)."""

import html
import pathlib
import sys

STYLE = """
@font-face { font-family: "Bench Serif"; src: url("%(font)s"); }
@page { size: letter; margin: 0.75in; }
html { font: 10pt/12pt "Bench Serif"; }
body { margin: 0; columns: %(columns)s; column-gap: %(gutter)spt; column-fill: auto; }
p { margin: 0; text-indent: 0; text-align: justify; hyphens: auto; }
"""


def main():
    text, font = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    columns, gutter = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ("2", "18")
    out = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
           "<style>" + STYLE % {"font": font.as_uri(), "columns": columns, "gutter": gutter} + "</style></head><body>"]
    with open(text, encoding="utf-8") as f:
        out.extend("<p>" + html.escape(line.strip()) + "</p>" for line in f if line.strip())
    out.append("</body></html>")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
