# Shared by the benchmarks' run.sh scripts (sourced, from the repository root): installing
# what they lack, and the Python engines' virtual environment.

sudo=$([ "$(id -u)" = 0 ] || echo sudo)

# apt_install PACKAGE…: installs those not installed yet, without recommended packages (TeX
# Live stays small).
apt_install() {
  local missing="" p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "Installing Debian packages:$missing"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# python_engines: Typst and WeasyPrint from PyPI, every package pinned in
# bench/typography/requirements.txt, in a virtual environment of their own (the system's
# Python is left alone), filled again when that file changes. Sets py (the environment's
# python), TYPST_VERSION, and weasyprint (yes or no: WeasyPrint is optional, and left out when
# it will not install).
python_engines() {
  local requirements=bench/typography/requirements.txt
  local venv=${XDG_CACHE_HOME:-$HOME/.cache}/typeset-bench-typography
  py=$venv/bin/python
  if [ ! -x "$py" ]; then
    python3 -m venv "$venv" 2>/dev/null || {  # Debian's own Python needs python3-venv for this
      rm -rf "$venv"; apt_install python3-venv; /usr/bin/python3 -m venv "$venv"; }
  fi
  if ! cmp -s "$requirements" "$venv/requirements.txt"; then
    echo "Installing Typst and WeasyPrint from PyPI into $venv"
    local pip=("$py" -m pip install -q --disable-pip-version-check)
    if "${pip[@]}" -r "$requirements"; then
      cp "$requirements" "$venv/requirements.txt"
    else
      echo "(WeasyPrint could not be installed: its row is left out)"
      "${pip[@]}" "$(grep '^typst==' "$requirements")"
    fi
  fi
  weasyprint=yes
  "$py" -c 'import weasyprint' 2>/dev/null || weasyprint=no
  TYPST_VERSION=$("$py" -c 'import typst; print(typst.__version__)')
}

# kjv_text FILE: the King James Bible, one verse or chapter heading a line (Debian's
# bible-kjv), as every benchmark sets it.
kjv_text() {
  bible -l100000 "Gen1:1-Rev22:21" | sed 's/^ *//' > "$1"
}

# kjv_part: the book in $work/kjv.txt and its first 500 kB in $work/part.txt (whole verses),
# the 91 pages the callgrind counts set.
kjv_part() {
  kjv_text "$work/kjv.txt"
  head -c 500000 "$work/kjv.txt" | sed '$d' > "$work/part.txt"
}

# callgrind_work: what a benchmark counted with callgrind starts from: valgrind and the KJV
# installed, a temporary folder $work (removed on exit), and in it $work/typeset, the build
# to measure ($TYPESET, else the release build) without its debug information, which valgrind
# cannot read in Swift's release builds (the symbols are kept).
callgrind_work() {
  local build
  build=$(realpath "${TYPESET:-.build/release/typeset}")
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  apt_install bible-kjv valgrind
  strip --strip-debug "$build" -o "$work/typeset"
}

# hyphenation_languages: one language a hyphenation dictionary installed (links to the same
# file counted once), as hyph_*.dic names it (de-AT, en-GB…).
hyphenation_languages() {
  for f in /usr/share/hyphen/hyph_*.dic; do
    printf "%s %s\n" "$(realpath "$f")" "$(basename "$f" .dic | sed 's/^hyph_//; s/_/-/g')"
  done | sort -u -k1,1 | awk '{print $2}'
}

# hyphenation_paragraph LANGUAGE FILE: three long words to hyphenate, in LANGUAGE.
hyphenation_paragraph() {
  echo "<p lang=\"$1\">Donaudampfschifffahrtsgesellschaftskapitän anticonstitutionnellement incomprehensibilities.</p>" > "$2"
}
