#!/usr/bin/env python3
"""Writes a magazine of about PAGES pages full of figures and asides, for bench/run.sh.

Usage: magazine.py PAGES OUTPUT [--format typeset|latex|typst]
Each feature is a headline over three columns with a figure beside the text, a figure across
the top of a page, a boxed sidebar, a pull quote over a gutter and a figure kept in a column,
then a page break. Deterministic, so two runs time the same input. The pictures are the magazine
feature fixture's, which run.sh copies beside the document.

The same magazine in pdfLaTeX's and Typst's markup (`--format`), for the bench to set side by
side: the same words, pictures, sizes and boxes on A4 with typeset's default margin (2 cm)
and face (TeX Gyre Pagella, 11 pt; pdfLaTeX's Palatino, psnfss's ppl, has the same widths),
each element in the engine's own usual way where it has no equal. LaTeX's multicol takes no
float in a column: the figure beside the text, the sidebar and the pull quote are set in the
column where they fall (typeset floats them to the column's side); the figure across the top is
a `figure*`, which multicol places at the top of the next page. Typst's columns are the page's,
so the headline and the figure across the top are floats of the page (`scope: "parent"`); its
figures in a column are kept in place too (Typst wraps no text round a figure).
"""
import argparse

WORDS = ("the night shift at the lighthouse keeps a log of ships that pass in fog and of the "
         "keepers who climbed the stair before them while the town below slept behind its "
         "shutters and the bell rang once an hour").split()


def words(count, seed):
    return " ".join(WORDS[(seed * 7 + i) % len(WORDS)] for i in range(count))


def paragraph(seed):
    text = words(70 + seed % 40, seed)
    return text[0].upper() + text[1:] + "."


def feature(number):
    """The feature's elements in reading order: (kind, …) tuples that each format renders."""
    seed = number * 100
    body = [("text", paragraph(seed + i)) for i in range(18)]
    return [
        ("headline", f"Feature {number}: the keepers of the light and the ships in the fog"),
        *body[0:2],
        ("side figure", "coffee.jpg", 90, f"Figure {number}.1: a cup at the end of the shift."),
        *body[2:5],
        ("sidebar", "In brief", f"{words(30, seed + 50)}."),
        *body[5:8],
        ("pull quote", f"“{words(9, seed + 60)}.”"),
        *body[8:11],
        ("top figure", "rocket.jpg", f"Figure {number}.2: {words(14, seed + 70)}."),
        *body[11:14],
        ("column figure", "chelsea.png", 120, f"Figure {number}.3: the cat, unimpressed."),
        *body[14:18],
    ]


def typeset_markup(features):
    def element(kind, *rest):
        if kind == "text":
            return rest[0]
        if kind == "headline":
            return f'</section>\n<section columns="1">\n<p style="headline">{rest[0]}</p>\n</section>\n<section columns="3">'
        if kind == "side figure":
            src, width, caption = rest
            return (f'<figure float="right" width="{width}">\n<img src="{src}" width="{width}">\n'
                    f'<caption>{caption}</caption>\n</figure>')
        if kind == "sidebar":
            title, text = rest
            return ('<aside float="left" width="110" background="#eef2f6" border="0.5 #5a7a9a">\n'
                    f'<p style="subheadline">{title}</p>\n<p style="caption">{text}</p>\n</aside>')
        if kind == "pull quote":
            return (f'<aside float="center" span="2" border="1 #8a6d3b">\n'
                    f'<p style="subheadline" align="center">{rest[0]}</p>\n</aside>')
        if kind == "top figure":
            src, caption = rest
            return (f'<figure float="top" span="2">\n<img src="{src}" width="600" height="400">\n'
                    f'<caption>{caption}</caption>\n</figure>')
        src, width, caption = rest  # column figure
        return f'<figure>\n<img src="{src}" width="{width}">\n<caption>{caption}</caption>\n</figure>'

    def one(elements):
        # The headline closes a section that is not open yet: drop that first line.
        text = "\n".join(element(*e) for e in elements).removeprefix("</section>\n")
        return text + "\n</section>"
    return "\n<pagebreak>\n".join(one(f) for f in features) + "\n"


def latex_markup(features):
    def element(kind, *rest):
        if kind == "text":
            return rest[0] + "\n"
        if kind == "headline":
            return f"{{\\fontsize{{17.6}}{{21}}\\selectfont\\bfseries {rest[0]}\\par}}\\vspace{{12pt}}\n\\begin{{multicols}}{{3}}\n"
        if kind in ("side figure", "column figure"):
            src, width, caption = rest
            return (f"\\begin{{center}}\\includegraphics[width={width}pt]{{{src}}}\\\\\n"
                    f"{{\\small {caption}}}\\end{{center}}\n")
        if kind == "sidebar":
            title, text = rest
            return ("\\noindent\\fcolorbox[HTML]{5A7A9A}{EEF2F6}{\\parbox{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule}"
                    f"{{{{\\large\\bfseries {title}\\par}}\\small {text}}}}}\n")
        if kind == "pull quote":
            return ("\\begin{center}\\setlength{\\fboxrule}{1pt}\\fcolorbox[HTML]{8A6D3B}{FFFFFF}{\\parbox{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule}"
                    f"{{\\centering\\large\\bfseries {rest[0]}}}}}\\end{{center}}\n")
        src, caption = rest  # top figure
        return (f"\\begin{{figure*}}[t]\\centering\\includegraphics[width=\\dimexpr2\\textwidth/3\\relax]{{{src}}}\n"
                f"\\par{{\\small {caption}}}\\end{{figure*}}\n")

    preamble = ("\\documentclass[11pt]{article}\n\\usepackage[a4paper,margin=2cm]{geometry}\n"
                "\\usepackage{multicol,graphicx,xcolor}\n\\renewcommand{\\rmdefault}{ppl}\n"
                "\\setlength{\\columnsep}{12pt}\n\\pagestyle{empty}\n"
                "\\pdfinfoomitdate=1\n\\pdftrailerid{}\n\\begin{document}\n")
    one = lambda elements: "\n".join(element(*e) for e in elements) + "\\end{multicols}\n"
    return preamble + "\\clearpage\n".join(one(f) for f in features) + "\\end{document}\n"


def typst_markup(features):
    def element(kind, *rest):
        if kind == "text":
            return rest[0] + "\n"
        if kind == "headline":
            return (f'#place(top, float: true, scope: "parent", clearance: 12pt)'
                    f'[#text(size: 17.6pt, weight: "bold")[{rest[0]}]]\n')
        if kind in ("side figure", "column figure"):
            src, width, caption = rest
            return f'#figure(image("{src}", width: {width}pt), caption: [{caption}])\n'
        if kind == "sidebar":
            title, text = rest
            return (f'#block(fill: rgb("#eef2f6"), stroke: 0.5pt + rgb("#5a7a9a"), inset: 4pt)'
                    f'[#text(size: 13pt, weight: "bold")[{title}] \\ #text(size: 9pt)[{text}]]\n')
        if kind == "pull quote":
            return (f'#block(stroke: 1pt + rgb("#8a6d3b"), inset: 4pt, width: 100%)'
                    f'[#align(center)[#text(size: 13pt, weight: "bold")[{rest[0]}]]]\n')
        src, caption = rest  # top figure
        return (f'#place(top, float: true, scope: "parent")[#figure(image("{src}", width: 66%), '
                f'caption: [{caption}])]\n')

    preamble = ('#set document(date: none)\n#set page(paper: "a4", margin: 2cm, columns: 3)\n'
                '#set columns(gutter: 12pt)\n#set text(font: "TeX Gyre Pagella", size: 11pt)\n'
                '#set par(justify: true)\n#set figure(numbering: none)\n')
    one = lambda elements: "\n".join(element(*e) for e in elements)
    return preamble + "#pagebreak()\n".join(one(f) for f in features)


FORMATS = {"typeset": typeset_markup, "latex": latex_markup, "typst": typst_markup}


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("pages", type=int)
    arguments.add_argument("output")
    arguments.add_argument("--format", choices=FORMATS, default="typeset")
    options = arguments.parse_args()
    # A feature fills about three A4 pages, each starting a page of its own.
    features = [feature(n + 1) for n in range(max(1, round(options.pages / 3)))]
    with open(options.output, "w", encoding="utf-8") as file:
        file.write(FORMATS[options.format](features))


if __name__ == "__main__":
    main()
