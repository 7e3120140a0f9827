#!/usr/bin/env python3
"""Writes the reference hyphenations the tests compare HyphenationDictionary with: for each
installed pattern file, words hyphenated by libhyphen itself (hnj_hyphen_hyphenate2), one a
line, a `=` at each break. Run once, where libhyphen and Debian's hyphen-* packages are
installed:  python3 Fixtures/hyphenation/make-reference.py  (from the repository's root).

Files with non-standard patterns (`/`: Hungarian's) are left out: typeset does not read those.
The words: the repository's English prose (for US English), the German compound patterns (whole words), each
file's pattern letters as fragments, seeded random joins of two or three fragments, and a
few words with apostrophes, hyphens and ligatures that exercise the compound level."""
import ctypes, glob, os, random, re

DICTIONARIES = "/usr/share/hyphen"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXTRA = {
    "de": ["straßenbahn", "silbentrennung", "donaudampfschifffahrt", "eis-bär", "rock'n'roll",
           "müllerstraße", "grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung"],
    "en": ["hyphenation", "typesetting", "café", "naïve", "rock'n'roll", "don’t", "well-known",
           "eﬃcient", "aﬄuent", "ﬃrst", "oﬀice", "mother-in-law", "a–b"],
    "ru": ["переноса", "необыкновенно", "ёлка", "журнала", "вёрстка"],
    "fr": ["équipement", "aujourd’hui", "l'homme", "porte-monnaie", "typographique", "aﬃche",
           "eﬄuve", "déjà", "cœur", "extraordinairement", "anticonstitutionnellement"],
}

lib = ctypes.CDLL("libhyphen.so.0")
lib.hnj_hyphen_load.restype = ctypes.c_void_p
lib.hnj_hyphen_load.argtypes = [ctypes.c_char_p]
lib.hnj_hyphen_hyphenate2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                                      ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)]


def hyphenated(dictionary, word, encoding):
    data = word.encode(encoding)
    hyphens = ctypes.create_string_buffer(len(data) + 5)
    rep, pos, cut = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
    lib.hnj_hyphen_hyphenate2(dictionary, data, len(data), hyphens, None,
                              ctypes.byref(rep), ctypes.byref(pos), ctypes.byref(cut))
    # UTF-8 results are per character, others per byte: one byte a character.
    return "".join(letter + ("=" if hyphens.raw[index] & 1 else "") for index, letter in enumerate(word))


def fragments(path, encoding):
    lines = open(path, "rb").read().decode(encoding).split("\n")[1:]
    found = []
    for line in lines:
        if not line or line[0] in "%#" or line.isupper() or " " in line.strip():
            continue
        letters = re.sub(r"[0-9.]", "", line.strip())
        if len(letters) >= 2 and "/" not in letters:
            found.append(letters)
    return found


for path in sorted(glob.glob(os.path.join(DICTIONARIES, "hyph_*.dic"))):
    if os.path.islink(path):
        continue
    name = os.path.basename(path)[:-4]
    language = name[5:7]
    charset = open(path, "rb").readline().strip().decode("ascii", "replace")
    encoding = {"UTF-8": "utf-8", "KOI8-R": "koi8-r"}.get(charset, "latin-1")
    if any(b"/" in line and not line.startswith((b"#", b"%")) for line in open(path, "rb")):
        print(name, "skipped: non-standard patterns (libhyphen's `/`), which typeset does not read")
        continue
    dictionary = lib.hnj_hyphen_load(path.encode())
    generator = random.Random(name)
    pieces = sorted(set(fragments(path, encoding)))
    words = set(EXTRA.get(language, []))
    if name == "hyph_en_US":
        prose = " ".join(open(f, encoding="utf-8").read() for f in sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))))
        words.update(w.lower() for w in re.findall(r"[A-Za-z]{4,}", prose))
    whole = [p for p in pieces if len(p) >= 4]
    words.update(generator.sample(whole, min(len(whole), 1200)))
    for _ in range(1200):
        words.add("".join(generator.choice(pieces) for _ in range(generator.choice([2, 3]))))
    def spelled(word):
        try:
            return len(word.encode(encoding)) <= 60
        except UnicodeEncodeError:
            return False
    words = sorted(w for w in words if spelled(w))
    with open(os.path.join(HERE, name + ".txt"), "w", encoding="utf-8") as out:
        for word in words:
            out.write(hyphenated(dictionary, word, encoding) + "\n")
    print(name, len(words))
