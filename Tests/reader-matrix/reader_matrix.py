#!/usr/bin/env python3
"""The reader matrix: how much of a document's text each common PDF reader gives back, in order.

    python3 reader_matrix.py SOURCE.txt FILE.pdf [--json] [--show-losses N]

SOURCE.txt is the document's text as typeset (UTF-8): the words every reader should find. Each
reader reads FILE.pdf in its own content order, as a user of it meets the text:

  poppler       pdftotext -raw (content-stream order; search and copy in Evince, Okular)
  mupdf         mutool draw -F txt (MuPDF's structured text, its own order)
  pdfium        pypdfium2, the text page's characters in order (Chrome's viewer)
  pypdf         pypdf's extract_text, content order
  pdfminer.six  pdfminer.high_level.extract_text, layout analysis on (pdfplumber, many pipelines)

For each reader the share of the source's words found in order: the words the reader's text has
in common with the source's, aligned as the longest matching blocks (difflib, a lower bound of
the longest common subsequence), over the source's word count. Words the reader adds (running
heads, page numbers) cost nothing; a word lost, garbled, split, or read out of order does.

A word:
  - the text is put in Unicode's NFC (not NFKC: a ligature read back as U+FB01, or a narrow
    no-break space read back as a space, is a different text from the source's);
  - words are separated by breaking white space: every White_Space character but the no-break
    ones (U+00A0, U+2007, U+202F, U+2060, U+FEFF), which belong to the word they bind — so
    French « Bonjour ! » set with U+202F is one word, and read back with plain spaces it is not;
  - every Han character, kana, Hangul syllable and CJK punctuation mark is a word of its own
    (Chinese and Japanese set no spaces, and Korean lines break between syllables, with no
    hyphen: a character is the unit a reader can lose or misplace), and splits the run it stands
    in, so "于UIWebView或" is the words 于, UIWebView, 或;
  - a word that ends in a soft hyphen (U+00AD) is joined to the next: a reader that gives a
    hyphen added at a line break as a soft hyphen gives the source's word back; one that gives
    it as "-" does not. pdfium marks a line-end hyphen it takes for a break as U+FFFE and joins
    the lines itself ("stamp\ufffeing"): the same mark, read the same way;
  - a zero-width character the source uses only to steer breaking or shaping (U+200B, U+200C,
    U+200D, U+2060's joining role aside) is dropped from both texts, as is U+FFFC (a picture),
    and so are the bidirectional formatting characters (U+200E, U+200F, U+061C, U+202A–U+202E,
    U+2066–U+2069): poppler wraps each right-to-left word it reads in U+202B … U+202C to say
    its direction, which is not a letter of the word.

qpdf --check (errors, warnings) and, when the file claims PDF/UA, pdfua check (findings) are
reported beside the readers. A reader that is not installed is reported as missing, never
counted. The exit status is 0 when every reader could be run, 3 when one is missing.
"""

import argparse
import difflib
import json
import shutil
import subprocess
import sys
import unicodedata

NO_BREAK_SPACES = {"\u00a0", "\u2007", "\u202f", "\u2060", "\ufeff"}
BIDI_FORMATTING = {"\u200e", "\u200f", "\u061c", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
                   "\u2066", "\u2067", "\u2068", "\u2069"}
DROPPED = {"\u200b", "\u200c", "\u200d", "\ufffc"} | BIDI_FORMATTING
SOFT_HYPHENS = ("\u00ad", "\ufffe")


def is_cjk_unit(char):
    """A character that is a word by itself: Han, kana, Hangul, CJK symbols and punctuation, full-width forms."""
    code = ord(char)
    return (
        0x2E80 <= code <= 0x2FDF      # CJK radicals, Kangxi radicals
        or 0x3000 <= code <= 0x30FF   # CJK symbols and punctuation, hiragana, katakana
        or 0x31F0 <= code <= 0x31FF   # katakana phonetic extensions
        or 0x3400 <= code <= 0x4DBF   # Han extension A
        or 0x4E00 <= code <= 0x9FFF   # Han
        or 0x1100 <= code <= 0x11FF   # Hangul jamo
        or 0x3130 <= code <= 0x318F   # Hangul compatibility jamo
        or 0xAC00 <= code <= 0xD7AF   # Hangul syllables
        or 0xF900 <= code <= 0xFAFF   # Han compatibility
        or 0xFE30 <= code <= 0xFE4F   # CJK compatibility forms
        or 0xFF00 <= code <= 0xFFEF   # half-width and full-width forms
        or 0x20000 <= code <= 0x3FFFF  # Han extensions B onwards
    )


def is_breaking_space(char):
    return char.isspace() and char not in NO_BREAK_SPACES


def words(text):
    """The text's words, as the module's documentation defines them."""
    text = unicodedata.normalize("NFC", text)
    found, current = [], []

    def end_word():
        if current:
            found.append("".join(current))
            current.clear()

    for char in text:
        if char in DROPPED:
            continue
        if is_breaking_space(char):
            end_word()
        elif is_cjk_unit(char):
            end_word()
            found.append(char)
        else:
            current.append(char)
    end_word()
    joined = []
    for word in found:
        if joined and joined[-1].endswith(SOFT_HYPHENS):
            joined[-1] = joined[-1][:-1] + word
        else:
            joined.append(word)
    return [word for word in map(without_soft_hyphens, joined) if word]


def without_soft_hyphens(word):
    for mark in SOFT_HYPHENS:
        word = word.replace(mark, "")
    return word


def share_in_order(source, read):
    """The share of `source`'s words found in `read` in the same order, and the words lost."""
    if not source:
        return 1.0, []
    matcher = difflib.SequenceMatcher(None, source, read, autojunk=False)
    matched, lost, position = 0, [], 0
    for block in matcher.get_matching_blocks():
        lost.extend(source[position:block.a])
        matched += block.size
        position = block.a + block.size
    return matched / len(source), lost


def run(command):
    result = subprocess.run(command, capture_output=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"{command[0]} exited {result.returncode}: {result.stderr.decode(errors='replace')[:400]}")
    return result.stdout.decode("utf-8", errors="replace")


def read_poppler(path):
    return run(["pdftotext", "-raw", "-enc", "UTF-8", path, "-"])


def read_mupdf(path):
    return run(["mutool", "draw", "-q", "-F", "txt", "-o", "-", path])


def read_pdfium(path):
    import pypdfium2
    document = pypdfium2.PdfDocument(path)
    try:
        texts = []
        for page in document:
            text_page = page.get_textpage()
            texts.append(text_page.get_text_range())
            text_page.close()
            page.close()
        return "\n".join(texts)
    finally:
        document.close()


def read_pypdf(path):
    import pypdf
    return "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(path).pages)


def read_pdfminer(path):
    from pdfminer.high_level import extract_text
    return extract_text(path)


def have_module(name):
    import importlib.util
    return importlib.util.find_spec(name) is not None


READERS = [
    ("poppler", lambda: shutil.which("pdftotext") is not None, read_poppler, "pdftotext (Debian's poppler-utils)"),
    ("mupdf", lambda: shutil.which("mutool") is not None, read_mupdf, "mutool (Debian's mupdf-tools)"),
    ("pdfium", lambda: have_module("pypdfium2"), read_pdfium, "pypdfium2 (PyPI)"),
    ("pypdf", lambda: have_module("pypdf"), read_pypdf, "pypdf (PyPI)"),
    ("pdfminer.six", lambda: have_module("pdfminer"), read_pdfminer, "pdfminer.six (PyPI)"),
]


def qpdf_check(path):
    if shutil.which("qpdf") is None:
        return {"missing": "qpdf (Debian's qpdf)"}
    result = subprocess.run(["qpdf", "--check", path], capture_output=True, timeout=600)
    output = (result.stdout + result.stderr).decode(errors="replace")
    # qpdf's status: 0 clean, 2 errors, 3 warnings only.
    problems = [] if result.returncode == 0 else [line for line in output.splitlines() if line.strip()]
    return {"status": result.returncode, "problems": problems}


def claims_pdf_ua(path):
    with open(path, "rb") as file:
        return b"pdfuaid:part" in file.read()


def pdfua_check(path):
    if not have_module("pdfua"):
        return {"missing": "pdfua (PyPI)"}
    result = subprocess.run([sys.executable, "-m", "pdfua", "check", "--format", "json", path], capture_output=True, timeout=600)
    try:
        report = json.loads(result.stdout.decode())
    except ValueError:
        return {"status": result.returncode, "problems": [result.stderr.decode(errors="replace")[:400]]}
    findings = []
    for file_report in report if isinstance(report, list) else report.get("files", [report]):
        for finding in file_report.get("findings", []):
            findings.append(f"{finding.get('rule', '?')}: {finding.get('message', '')}")
    return {"status": result.returncode, "problems": findings}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("pdf")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--show-losses", type=int, default=0, metavar="N", help="print the first N words each reader lost")
    arguments = parser.parse_args()

    with open(arguments.source, encoding="utf-8") as file:
        source = words(file.read())
    results = {"source_words": len(source), "readers": {}}
    missing = False
    for name, available, read, package in READERS:
        if not available():
            results["readers"][name] = {"missing": package}
            missing = True
            continue
        share, lost = share_in_order(source, words(read(arguments.pdf)))
        results["readers"][name] = {"share": share, "lost": lost[: arguments.show_losses] if arguments.show_losses else [], "lost_count": len(lost)}
    results["qpdf"] = qpdf_check(arguments.pdf)
    if claims_pdf_ua(arguments.pdf):
        results["pdfua"] = pdfua_check(arguments.pdf)

    if arguments.json:
        print(json.dumps(results, ensure_ascii=False, indent=1))
    else:
        print(f"{arguments.pdf}: {len(source)} source words")
        for name, result in results["readers"].items():
            if "missing" in result:
                print(f"  {name:13} missing: {result['missing']}")
            else:
                print(f"  {name:13} {100 * result['share']:6.2f} %  ({result['lost_count']} lost)")
                if result["lost"]:
                    print("                lost: " + " ".join(result["lost"]))
        for tool in ("qpdf", "pdfua"):
            if tool in results:
                problems = results[tool].get("problems", [])
                print(f"  {tool:13} {results[tool].get('missing') or (str(len(problems)) + ' problems')}")
                for problem in problems[:10]:
                    print(f"                {problem}")
    return 3 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
