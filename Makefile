# typeset — build, demo, tests and benchmarks on a Debian machine with Swift installed.
#   make demo   install missing packages, build (release), typeset the zombie magazine into mag.pdf
#   make test   install missing packages, run every test
#   make bench  time the fixture and a several-megabyte book

SWIFT ?= swift
PREFIX ?= /usr/local
# C libraries the pipeline links, the tools the tests and benchmarks call, the system fonts
# that fallback finds for scripts the bundled fonts lack (CJK, Arabic, Hebrew, Devanagari,
# emoji), and Unicode's own conformance test files.
PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libcairo2-dev \
            libicu-dev libturbojpeg0-dev libpng-dev libhyphen-dev hyphen-en-us hyphen-de hyphen-fr \
            poppler-utils qpdf \
            fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji unicode-data
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test bench bench-typography install clean

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product typeset

demo: build
	.build/release/typeset Fixtures/zombies/zombies.txt -o mag.pdf
	@echo "wrote mag.pdf ($$(pdfinfo mag.pdf | awk '/^Pages/ {print $$2}') pages)"

# The tests are XCTest; without Swift Testing's empty run, the summary is XCTest's own.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --disable-swift-testing

bench: build
	bash bench/run.sh

bench-typography: build
	bash bench/typography/run.sh

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/typeset/fonts
	install -m 755 .build/release/typeset $(DESTDIR)$(PREFIX)/bin/typeset
	install -m 644 fonts/* $(DESTDIR)$(PREFIX)/share/typeset/fonts/

clean:
	rm -rf .build mag.pdf
