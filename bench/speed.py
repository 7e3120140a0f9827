#!/usr/bin/env python3
"""Prints bench/run.sh's table: medians of each job's runs, and issues 17's and 39's ratios with
goals.

Usage: speed.py RUNS.tsv --baseline ENGINE
RUNS.tsv has one line a run: job, engine, wall (s), user (s), system (s), peak memory (KiB),
pages, PDF bytes. CPU is user + system. A goal line ends MET or NOT MET.
"""
import argparse
import statistics
from collections import defaultdict

MIB = 1024.0


class Runs:
    def __init__(self, path):
        self.samples = defaultdict(list)
        self.order = []
        with open(path) as tsv:
            for line in tsv:
                job, engine, wall, user, system, peak, pages, size = line.rstrip("\n").split("\t")
                key = (job, engine)
                if key not in self.samples:
                    self.order.append(key)
                self.samples[key].append({
                    "wall": float(wall), "cpu": float(user) + float(system), "peak": int(peak) / MIB,
                    "pages": int(pages), "size": int(size) / 1e6})

    def median(self, job, engine, metric):
        return statistics.median(run[metric] for run in self.samples[(job, engine)])

    def engines(self, job):
        return [engine for (j, engine) in self.order if j == job]


def goal(label, value, limit, unit=""):
    verdict = "MET" if value <= limit else "NOT MET"
    print(f"  {label:<52} {value:8.2f}{unit}  goal ≤ {limit:g}{unit}  {verdict}")


def table(runs, job, title):
    print(f"\n== {title}")
    print(f"  {'engine':<24} {'pages':>6} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'PDF MB':>8}")
    for engine in runs.engines(job):
        m = lambda metric: runs.median(job, engine, metric)
        size = f"{m('size'):8.2f}" if m("size") else f"{'':>8}"
        print(f"  {engine:<24} {m('pages'):6.0f} {m('wall'):8.3f} {m('cpu'):8.3f} {m('peak'):9.1f} {size}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runs")
    parser.add_argument("--baseline", required=True)
    arguments = parser.parse_args()
    runs = Runs(arguments.runs)
    m = runs.median
    rounds = len(runs.samples[runs.order[0]])
    print(f"\nmedians of {rounds} rounds")

    table(runs, "book", "The King James Bible: letter, 2 columns, 10 pt, justified, hyphenated")
    for metric, name, limit in [("wall", "wall", 0.7), ("cpu", "CPU", 1.2), ("peak", "peak memory", 1.25),
                                ("size", "PDF size", 1.1)]:
        goal(f"typeset / pdfLaTeX, {name}", m("book", "typeset", metric) / m("book", "pdflatex", metric), limit)
    print(f"  typeset / Typst: wall {m('book', 'typeset', 'wall') / m('book', 'typst', 'wall'):.2f}, "
          f"CPU {m('book', 'typeset', 'cpu') / m('book', 'typst', 'cpu'):.2f}, "
          f"peak memory {m('book', 'typeset', 'peak') / m('book', 'typst', 'peak'):.2f}")

    # Issue 39: any text, against the TeX engine that sets it, on the same page.
    for job, title in [("references", "The same book, each verse with its reference (bible -f)"),
                       ("catalogue", "A parts catalogue: 50,000 lines of distinct part numbers and prices"),
                       ("chinese", "A Chinese book of 2 MB, in Noto Serif CJK SC"),
                       ("magazine 200", "A 200-page magazine of figures and asides (bench/magazine.py)")]:
        table(runs, job, title)
    print("\n== Any text (issue 39): typeset / the TeX engine that sets it (pdfLaTeX; XeLaTeX for Chinese)")
    for job in ["book", "references", "catalogue", "chinese", "magazine 200"]:
        tex = next(engine for engine in runs.engines(job) if engine.endswith("latex"))
        for metric, name, limit in [("wall", "wall", 0.6), ("cpu", "CPU", 0.85), ("peak", "peak memory", 1.1)]:
            goal(f"{job}: {name}, typeset / {tex}", m(job, "typeset", metric) / m(job, tex, metric), limit)

    table(runs, "zombies", "The zombie fixture (7 pages), against an older build")
    goal(f"CPU, typeset / {arguments.baseline}", m("zombies", "typeset", "cpu") / m("zombies", arguments.baseline, "cpu"), 1 / 3)

    table(runs, "floor", "The floor: what runs before any work")

    print("\n== Hyphenation patterns: a paragraph of three long words, over the one-line document")
    line_wall, line_peak = m("floor", "one line", "wall"), m("floor", "one line", "peak")
    for language in runs.engines("hyphenation"):
        goal(f"{language}: time to load (ms)", 1000 * (m("hyphenation", language, "wall") - line_wall), 50)
        goal(f"{language}: memory to load (MiB)", m("hyphenation", language, "peak") - line_peak, 5)

    table(runs, "page count", "{pages} in a footer: the book set with its page count")
    goal("wall, {page} of {pages} / {page}",
         m("page count", "{page} of {pages}", "wall") / m("page count", "{page}", "wall"), 1.10)

    table(runs, "magazine", "A magazine page against a book page")
    per_page = lambda job, engine: m(job, engine, "wall") / m(job, engine, "pages")
    goal("wall a page, magazine feature / book", per_page("magazine", "magazine feature ×50") / per_page("book", "typeset"), 3)

    table(runs, "small pages", "Memory against the page count: the book on small pages")
    pages = m("small pages", "small pages", "pages") / m("book", "typeset", "pages")
    goal(f"peak memory, {pages:.1f}× the pages / the book's", m("small pages", "small pages", "peak") / m("book", "typeset", "peak"), 1.05)


if __name__ == "__main__":
    main()
