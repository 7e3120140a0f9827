# typeset — build, demo, tests and benchmarks on a Debian machine with Swift installed.
#   make demo   install missing packages, build (release), typeset the zombie magazine into mag.pdf
#   make test   install missing packages, run every test
#   make bench  time typeset beside pdfLaTeX (XeLaTeX for Chinese) and Typst (five books, a magazine,
#               the fixture, start-up, hyphenation)
#   make fuzz FUZZ_SECONDS=3600   run the libFuzzer harnesses (markup parser, whole pipeline, pictures)
#   make fuzz-layout FUZZ_LAYOUT_SECONDS=3600   the layout fuzzer's long run: documents generated from
#               the markup's grammar, their pages checked, each failing one shrunk into
#               .build/layout-fuzz-findings/ (FUZZ_LAYOUT_SEEDS="FIRST LAST" for a seed range instead)
#   make install PREFIX=/usr/local   the binary (as typeset and typesetter), fonts, man pages,
#                                    shell completions and the opt-in bash/zsh integration

SWIFT ?= swift
PREFIX ?= /usr/local
# C libraries the pipeline links, and those it opens when a document needs them (librsvg2-2 and
# libpoppler-glib8, the renderers of SVG and PDF pictures: their libraries, no headers), the ICC
# profiles of PDF/X output (libgs-common), the tools the
# tests and benchmarks call (python3-pil: LittleCMS reads the output intent's profile; libhyphen0:
# the hyphenation tests' oracle, loaded at run time, never linked; bible-kjv: the book the
# benchmarks set, whose every verse a test breaks as ICU does; zsh: the shell integration's
# tests run it; ninja-build: the engine of a --depfile test), the system fonts that fallback
# finds for scripts the bundled fonts lack (CJK, Arabic, Hebrew, Devanagari, emoji), and
# Unicode's own conformance test files. pandoc makes the markup's manual page, typeset-markup(7),
# from docs/markup.md.
PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libcairo2-dev \
            libicu-dev libturbojpeg0-dev libpng-dev zlib1g-dev libdeflate-dev libqpdf-dev librsvg2-2 libpoppler-glib8 hyphen-en-us hyphen-en-gb hyphen-de hyphen-fr \
            hyphen-es hyphen-it hyphen-nl hyphen-pt-pt \
            libgs-common poppler-utils qpdf mupdf-tools python3-pil python3-pip libhyphen0 \
            fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji unicode-data bible-kjv zsh ninja-build pandoc
# Installed without what they recommend: Russian's patterns recommend LibreOffice Writer.
PACKAGES_ALONE := hyphen-ru
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test test-asan test-tsan bench bench-typography bench-scaling fuzz-build fuzz fuzz-smoke fuzz-layout install install-files clean

# $(call install-missing,packages,apt-get options): those of the packages not installed yet.
define install-missing
@missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "Installing:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(2) $$missing; \
fi
endef

# The reader matrix's PDF readers from PyPI (ReaderMatrixTests; poppler's and MuPDF's are
# Debian's, above) and the PDF/UA checker: test-only, for Debian's Python, into a folder of the
# build's rather than the system's, again only when the list changes.
READER_TOOLS := pypdf==7.1.1 pdfminer.six==20260107 pypdfium2==5.15.2 pdfua==0.1.3
READER_TOOLS_DIR := .build/reader-tools

deps:
	$(call install-missing,$(PACKAGES),)
	$(call install-missing,$(PACKAGES_ALONE),--no-install-recommends)
	@if [ "$$(cat $(READER_TOOLS_DIR)/installed.txt 2>/dev/null)" != "$(READER_TOOLS)" ]; then \
	  echo "Installing into $(READER_TOOLS_DIR): $(READER_TOOLS)"; \
	  /usr/bin/python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --upgrade --target $(READER_TOOLS_DIR) $(READER_TOOLS) && \
	  echo "$(READER_TOOLS)" > $(READER_TOOLS_DIR)/installed.txt; \
	fi

# The Swift runtime and Foundation linked into the binary: a run maps some 5 MiB less of them and
# starts with far fewer symbols to bind (docs/pipeline.md, "Speed: start-up").
build: deps
	$(SWIFT) build -c release --product typeset --static-swift-stdlib

# --strict: the project's own example passes it, its pictures fine enough to print (DemoTests).
demo: build
	.build/release/typeset Fixtures/zombies/zombies.txt -o mag.pdf --strict
	@echo "wrote mag.pdf ($$(pdfinfo mag.pdf | awk '/^Pages/ {print $$2}') pages)"

# `make test` is the whole of CI: the plain suite, then the sanitizer runs, then a short fuzzing
# run that fails on any finding. All three suites run debug builds, in which Package.swift
# optimises the pipeline's hot modules (`-O`, with `assert` kept): most of the suites' time is
# spent typesetting, which an unoptimised build does some 15 times slower (docs/pipeline.md,
# "Speed: build and allocator settings"). The suites are XCTest bundles run by RUN_SHARDS, one
# test process per core, whole classes to each (a test process keeps about one core busy, so
# `swift test` alone leaves the second of CI's two idle; docs/pipeline.md, "Hardening: CI").
# `swift test --filter X` still runs any part of them by hand. The markup's manual page is made
# first: two test classes install it, and may run at once. The fuzzers' release build runs
# beside the ThreadSanitizer phase, each filling the other's idle core (a release build compiles
# each module whole, one at a time along the chain of modules); make prints each one's output
# whole when it ends.
RUN_SHARDS := /usr/bin/python3 Tests/shards/run_shards.py
TEST_BUNDLE := typesetPackageTests.xctest

test: deps
	$(SWIFT) build --build-tests
	$(MAKE) $(MARKUP_MAN)
	$(RUN_SHARDS) .build/debug/$(TEST_BUNDLE)
	$(MAKE) test-asan
	$(MAKE) -j2 --output-sync=target test-tsan fuzz-build
	$(MAKE) fuzz-smoke

# The suite under a sanitizer, each in its own scratch folder so that the builds do not undo one
# another. Each keeps SwiftPM's index store: a test build finds its XCTest classes in it, and
# one into a fresh folder without it fails (docs/pipeline.md, "Hardening: CI").
# The tests run the built `typeset`, instrumented too: these options are inherited by it, and
# TypesetProcess fails a test whose child printed a sanitizer report. Any report fails
# the run: the first one stops the process with a failing status (halt_on_error). LeakSanitizer
# is off: XCTest's and Foundation's weak-reference side tables and fontconfig's configuration
# are never freed by design (docs/pipeline.md, "Hardening: CI").
ASAN_OPTIONS_CI := halt_on_error=1:exitcode=86:detect_leaks=0
TSAN_OPTIONS_CI := halt_on_error=1:exitcode=86
# Under ThreadSanitizer a test runs five to fifteen times slower: these are the tests of the code
# that runs on several threads (pages laid out ahead of drawing, batches, compare --jobs), as
# files under Tests/TypesetTests. Its build compiles the test target from them and Support/
# alone (Package.swift, TYPESET_TEST_SOURCES): the whole test target under ThreadSanitizer
# cost CPU to compile and link tests it never ran (docs/pipeline.md, "Hardening: CI"). SwiftPM
# then warns of the target's other files as "unhandled" and lists them: they are left out on purpose.
TSAN_TESTS := TypesetKit/PagesAheadTests TypesetKit/BatchTypesetterTests TypesetCLI/BatchCommandLineTests \
  TypesetCLI/CompareCommandTests Golden/GoldenCheckTests
# Both sanitizers leave out the tests of usage errors of the command-line tests they run
# (batches, compare): `typeset` stops at its options, before it reads a document or starts a
# thread, and each of their 24 runs pays a sanitizer's start-up for nothing it checks
# (ThreadSanitizer: 20 s of its tests' 78 s of CPU; AddressSanitizer: 17 s of its pass in CI's
# last run). The plain suite runs them.
SANITIZER_SKIPPED_TESTS := CompareCommandTests/testUsageErrorsExitTwo BatchCommandLineTests/testBatchUsageErrorsExitTwoAndWriteNothing

# Under AddressSanitizer the suite leaves out the command-line tests that check options and
# messages (a quarter of its time): they run the same pipeline the other tests run, and the
# Swift code that parses options has no memory of its own to overrun. The command-line tests
# of native code paths stay: batches and compare (threads, PNG decoding), output targets
# (pipes and devices), watch (inotify), unprintable input. Left out too: the tests of argument
# lists (150 runs of the pipeline the other tests run), of make install and of the shells.
ASAN_SKIPPED_TESTS := LengthOptionTests CommandLineTests CommandLineCheckTests ExitStatusTests \
  ShardCommandLineTests DepfileCommandLineTests OutputNameTests PDFStandardCommandLineTests \
  PrintSheetCommandLineTests VersionAndHelpTests UsageMistakeTests ReadmeSampleTests \
  FontsCommandTests ArgumentListFuzzTests InstalledCommandTests ShellIntegrationTests \
  DiagnosticFormatTests ViewerTests FontconfigCacheTests DemoTests
# And tests of scale, whose assertions are on memory, work or answers that AddressSanitizer's
# shadow memory and quarantine distort or do not touch, and whose code smaller tests run under
# it: a paragraph of a megabyte; 290,000 words hyphenated against libhyphen (24 s plain; the
# dictionaries' reference words still run); the layout fuzzer's 600 generated documents (Swift
# layout code whose smaller documents still run); and the reader matrix, whose work is five
# other programs reading PDFs that the other rendering tests make under it too (31 s of the
# last CI run's ASan pass, taken back when CI neared its 30 minutes with this round's tests).
# And the doubling test of nested includes (growth on the thread's CPU clock, which
# AddressSanitizer's shadow memory inflates unevenly; the same code runs under it in the
# smaller tests), taken out when it joined with CI near its 30 minutes.
# And the chain of includes to the depth bound (16 files): some 260 KB of frames a level in the
# plain build (docs/pipeline.md, "Hardening: markup"), which AddressSanitizer's redzoned frames
# make more than the 8 MB main stack holds.
ASAN_SKIPPED_SCALE_TESTS := LongParagraphTests/testAParagraphOfAMegabyteIsSetInBoundedSearches \
  HyphenationOracleTests/testEveryInstalledDictionaryBreaksManyWordsAsLibhyphen \
  LayoutFuzzTests/testGeneratedDocumentsHaveNoFindings \
  ReaderMatrixTests/testEveryReaderFindsTheSourcesWordsInOrder \
  IncludeMarkupTests/testAHugeChainOfIncludesIsBounded \
  IncludeMarkupTests/testNestedIncludesAreReadInTimeLinearInTheirNumber
# And the tests of page making (Tests/TypesetTests/Pages, but for contours, which read pictures'
# pixels): Sources/Pages holds no pointer of its own, and the layout, markup and drawing code
# beneath it runs under AddressSanitizer in those stages' own tests (its tests of scale went
# with them: floats doubled, 80 articles in sections, 60 documents of page-wide footnotes).
# With them the golden pages, which typeset the fixtures the rendering tests typeset too;
# Unicode's conformance files (ICU's answers, through the wrapper every document goes through);
# the layout fuzzer's fixtures; and the page-range option's tests. 134 s of the 524 s that
# AddressSanitizer's pass took in CI on 2026-12-06, when CI had grown to 40 minutes.
ASAN_SKIPPED_PAGE_TESTS := $(filter-out ContourWrapTests,$(basename $(notdir $(wildcard Tests/TypesetTests/Pages/*Tests.swift)))) \
  GoldenPageTests GoldenPagePropertyTests GoldenDefaultsTests UnicodeConformanceTests \
  LayoutFuzzFixtureTests PagesOptionTests

test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=$(ASAN_OPTIONS_CI) $(RUN_SHARDS) .build-asan/debug/$(TEST_BUNDLE) \
	  $(ASAN_SKIPPED_TESTS:%=--skip '\.%/') $(ASAN_SKIPPED_PAGE_TESTS:%=--skip '\.%/') \
	  $(ASAN_SKIPPED_SCALE_TESTS:%=--skip '\.%$$') $(SANITIZER_SKIPPED_TESTS:%=--skip '\.%$$')

test-tsan: deps
	TYPESET_TEST_SOURCES="Support $(TSAN_TESTS:%=%.swift)" $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=$(TSAN_OPTIONS_CI) $(RUN_SHARDS) .build-tsan/debug/$(TEST_BUNDLE) $(SANITIZER_SKIPPED_TESTS:%=--skip '\.%$$')

bench: build
	bash bench/run.sh

bench-typography: build
	bash bench/typography/run.sh

# Fuzzing (docs/pipeline.md, "Hardening: fuzzing"): the harnesses built with libFuzzer and
# AddressSanitizer into their own scratch folder; FUZZ_SECONDS per harness. `fuzz` keeps going
# past findings (all collected in .build-fuzz/findings/); `fuzz-smoke`, for CI, stops at the
# first and fails. These are release builds: Package.swift's flags for debug builds do not
# apply to them.
FUZZ_SECONDS ?= 600
FUZZ_BUILD := $(SWIFT) build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING

fuzz-build: deps
	$(FUZZ_BUILD) --product FuzzMarkup
	$(FUZZ_BUILD) --product FuzzPipeline
	$(FUZZ_BUILD) --product FuzzPictures

fuzz: fuzz-build
	Fixtures/fuzz/run.sh $(FUZZ_SECONDS) keep-going

fuzz-smoke: fuzz-build
	Fixtures/fuzz/run.sh 45

# The layout fuzzer's long run (docs/pipeline.md, "Hardening: the layout fuzzer"; the seeded run
# is LayoutFuzzTests in `make test`): a release build of FuzzLayout, run from this folder, whose
# fonts and Fixtures/zombies pictures it uses. It draws every document's pages with
# TYPESET_CHECK_PAGES=1, so that the page checker's `page check:` errors are findings; a crash is
# written unshrunk with its report, and the run goes on from the next seed.
FUZZ_LAYOUT_SECONDS ?= 600
FUZZ_LAYOUT_SEEDS ?=

fuzz-layout: deps
	$(SWIFT) build -c release --product FuzzLayout
	$(if $(FUZZ_LAYOUT_SEEDS),,FUZZ_LAYOUT_SECONDS=$(FUZZ_LAYOUT_SECONDS)) .build/release/FuzzLayout $(FUZZ_LAYOUT_SEEDS)

bench-scaling: build
	bash bench/scaling/run.sh

# make install PREFIX=… DESTDIR=…: the binary as `typeset` and, beside it, `typesetter`, the name
# every shell reaches (`typeset` is a builtin of bash, zsh and ksh, which wins over any program;
# docs/pipeline.md, "Command line: the name as users type it"); the bundled fonts where the binary looks for them
# (PREFIX/share/typeset/fonts, found from the executable's own path); the opt-in integration that
# sends `typeset FILE` typed at a bash or zsh prompt to the program; the markup reference and
# the documents messages and help name (docs/*.md) in PREFIX/share/doc/typeset, and the markup's
# reference as the manual page typeset-markup(7), which messages name when it is installed
# (generated from docs/markup.md by pandoc, so that the two never differ); the man pages and the shell
# completions of `typesetter`. No zsh `_typeset`: that is zsh's own completion of its builtin.
# fish has no such builtin: there both names complete. The completions are generated by the
# installed binary, so they always match its options. `install-files` installs BIN as it is.
BIN := .build/release/typeset
SHARE := $(DESTDIR)$(PREFIX)/share
INSTALLED := $(DESTDIR)$(PREFIX)/bin/typesetter

MARKUP_MAN := .build/man/typeset-markup.7

install: build
	$(MAKE) install-files

$(MARKUP_MAN): docs/markup.md
	@command -v pandoc >/dev/null || { echo "pandoc makes the markup's manual page: apt-get install pandoc (or make deps)"; exit 1; }
	mkdir -p $(@D)
	printf '.SH NAME\ntypeset-markup \\- the markup language typeset reads\n' > $(@D)/typeset-markup-name.roff
	pandoc --standalone --from gfm --to man --metadata title=TYPESET-MARKUP --metadata section=7 --metadata footer=typeset \
	  --include-before-body=$(@D)/typeset-markup-name.roff docs/markup.md -o $@.part
	mv $@.part $@

install-files: $(MARKUP_MAN)
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/typeset/fonts $(SHARE)/man/man1 $(SHARE)/man/man7 \
	  $(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/typeset
	ln -sf typeset $(INSTALLED)
	install -m 644 fonts/* $(SHARE)/typeset/fonts/
	install -m 644 shell/typeset-integration.sh $(SHARE)/typeset/typeset-integration.sh
	install -d $(SHARE)/doc/typeset
	install -m 644 README.md docs/markup.md docs/international.md docs/shapes.md docs/layout-json.md $(SHARE)/doc/typeset/
	install -m 644 docs/typeset.1 $(SHARE)/man/man1/typeset.1
	echo '.so man1/typeset.1' > $(SHARE)/man/man1/typesetter.1
	install -m 644 $(MARKUP_MAN) $(SHARE)/man/man7/typeset-markup.7
	$(INSTALLED) --generate-completion-script bash > $(SHARE)/bash-completion/completions/typesetter
	$(INSTALLED) --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_typesetter
	$(INSTALLED) --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/typesetter.fish
	$(DESTDIR)$(PREFIX)/bin/typeset --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/typeset.fish

clean:
	rm -rf .build .build-asan .build-tsan mag.pdf
