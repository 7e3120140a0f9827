#!/usr/bin/env python3
"""The editing loop's speed (issue 39): `typeset watch` on the 99-page magazine
(`magazine.py 100`), one word changed on its last page and then one on its first, each saved as
an editor saves (a new file renamed over the old), and the time from the save to the new PDF in
place; each new PDF is compared with a cold run's of the same text (`typeset FILE -o PDF`),
which it must equal byte for byte. Two kinds of edit, each on both pages: a word replaced by one
as long (the text's offsets stay), and a word replaced by one three letters shorter, changed back
the next round (every offset after it moves); and a line added on the first page, taken away the
next round (every later picture, box and table is on another line), and a picture and a section
the same way (every later picture's or section's number moves).

Usage: python3 bench/watch.py TYPESET [--rounds N] [--pages P]   (from the repository root)
Prints, per edit, the medians of N rounds (5) of: the time from the save until the new PDF is
in place, as seen here (when watch's line saying so arrives, a little after the rename), the
time watch prints for its run, and the CPU time watch spent on the edit, its threads' together
(/proc, to the clock tick: 10 ms), which the load of other programs does not inflate; then
the goals. Exits non-zero when watch fails, misses an edit
or writes a PDF that differs from the cold run's; zero whether or not the goals are met.
"""
import argparse
import filecmp
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import queue

GOALS = {"last page": 0.1, "first page": 0.25}
# The edits, each with its page, the word changed and what it becomes: one that keeps the text's
# length, and one that changes it, as most corrections do. Each round changes the word and the
# next changes it back.
EDITS = {
    "last page": ("last page", "lighthouse", "watchtower"),
    "first page": ("first page", "lighthouse", "watchtower"),
    "last page ±3": ("last page", "shutters", "doors"),
    "first page ±3": ("first page", "shutters", "doors"),
    "first page, a line": ("first page", '<section columns="3">\n', '<section columns="3">\nOne line more.\n'),
    "first page, a picture": ("first page", '<figure float="right"', '<img src="coffee.jpg" width="60">\n<figure float="right"'),
    "first page, a section": ("first page", '<section columns="3">\n',
                              '<section columns="2">\nA band more.\n</section>\n<section columns="3">\n'),
}
WRITTEN = re.compile(r": \d+ pages? written to .* in ([0-9.]+) s$")
FAILED = re.compile(r": failed in ")


def save(path, text):
    """Writes `text` as editors save: a new file in the same folder, renamed over the old."""
    temporary = path + ".saving"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
    os.rename(temporary, path)


def edited(text, where, old, new):
    """`text` with the first (`where` "first page") or last occurrence of `old` as `new`: a whole
    word where it starts or ends with a letter."""
    pattern = re.compile((r"\b" if old[0].isalnum() else "") + re.escape(old) + (r"\b" if old[-1].isalnum() else ""))
    matches = list(pattern.finditer(text))
    if not matches:
        sys.exit(f"watch.py: no {old!r} in the magazine to change")
    match = matches[0] if where == "first page" else matches[-1]
    return text[:match.start()] + new + text[match.end():]


class Watch:
    """`typeset watch` running, its standard error read line by line on a thread."""

    def __init__(self, typeset, document, pdf, environment):
        self.process = subprocess.Popen([typeset, "watch", document, "-o", pdf, "--min-ppi", "0"],
                                        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=environment)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stderr:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def run_finished(self, timeout=120):
        """Waits for the next run's summary line: (when it arrived, the seconds watch printed)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                arrived, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                sys.exit("watch.py: typeset watch wrote nothing for two minutes")
            if line is None:
                sys.exit(f"watch.py: typeset watch ended ({self.process.wait()})")
            if FAILED.search(line):
                sys.exit(f"watch.py: a run failed: {line}")
            found = WRITTEN.search(line)
            if found:
                return arrived, float(found.group(1))

    def cpu_seconds(self):
        """The CPU time the process has used so far, user and system, its ended threads' too."""
        with open(f"/proc/{self.process.pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.terminate()
        self.process.wait()


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("typeset")
    arguments.add_argument("--rounds", type=int, default=5)
    arguments.add_argument("--pages", type=int, default=100)
    options = arguments.parse_args()
    typeset = os.path.realpath(options.typeset)
    environment = dict(os.environ, SOURCE_DATE_EPOCH="946684800")
    with tempfile.TemporaryDirectory() as work:
        document = os.path.join(work, "magazine.txt")
        pdf, cold = os.path.join(work, "magazine.pdf"), os.path.join(work, "cold.pdf")
        subprocess.run([sys.executable, "bench/magazine.py", str(options.pages), document], check=True)
        for name in os.listdir("Fixtures/magazine-feature"):
            if name.endswith((".jpg", ".png")):
                shutil.copy(os.path.join("Fixtures/magazine-feature", name), work)
        with open(document, encoding="utf-8") as file:
            text = file.read()
        watch = Watch(typeset, document, pdf, environment)
        try:
            _, first_run = watch.run_finished()
            pages = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
            page_count = re.search(r"^Pages:\s+(\d+)", pages, re.M).group(1)
            print(f"typeset watch on bench/magazine.py {options.pages} ({page_count} pages): first run {first_run:.2f} s")
            seen = {name: [] for name in EDITS}
            printed = {name: [] for name in EDITS}
            cpu = {name: [] for name in EDITS}
            for round in range(options.rounds):
                for name, (where, word, other) in EDITS.items():
                    old, new = (word, other) if round % 2 == 0 else (other, word)
                    text = edited(text, where, old, new)
                    # Let the watcher settle into waiting after the run before.
                    time.sleep(0.3)
                    cpu_before = watch.cpu_seconds()
                    save(document, text)
                    saved = time.monotonic()
                    arrived, seconds = watch.run_finished()
                    seen[name].append(arrived - saved)
                    printed[name].append(seconds)
                    cpu[name].append(watch.cpu_seconds() - cpu_before)
                    subprocess.run([typeset, document, "-o", cold, "--min-ppi", "0"], check=True, env=environment,
                                   stderr=subprocess.DEVNULL)
                    if not filecmp.cmp(pdf, cold, shallow=False):
                        sys.exit(f"watch.py: round {round + 1}, {name}: watch's PDF differs from a cold run's")
        finally:
            watch.stop()
    print(f"one word or line changed, medians of {options.rounds} rounds; every PDF byte-identical to a cold run's")
    print(f"{'edit':<21} {'save → PDF':>11} {'watch printed':>14} {'CPU':>9} {'goal':>7}")
    for name, (where, _, _) in EDITS.items():
        median, goal = statistics.median(seen[name]), GOALS[where]
        verdict = "MET" if median <= goal else "NOT MET"
        print(f"{name:<21} {median:>9.3f} s {statistics.median(printed[name]):>12.2f} s "
              f"{statistics.median(cpu[name]):>7.2f} s {goal:>5.2f} s  {verdict}")


if __name__ == "__main__":
    main()
