# Tessera: `make demo` builds a sample gallery, `make test` runs every test.
# Both install the Debian packages they need first (as root, or through sudo).

SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/release/tessera

BUILD_PACKAGES := pkg-config libgd-dev libexif-dev libturbojpeg0-dev libjpeg62-turbo-dev libheif-dev liblcms2-dev zlib1g-dev fonts-dejavu-core
# Independent judges of the fidelity tests: libheif-examples (heif-convert) for HEIC and
# AVIF, python3-pil (Pillow's ImageCms) for colour; icc-profiles-free gives Adobe RGB and
# libgs-common (Ghostscript's profiles) a CMYK one.
TEST_PACKAGES := $(BUILD_PACKAGES) chromium chromium-driver python3-selenium libheif-examples \
	python3-pil icc-profiles-free libgs-common

export DEBIAN_FRONTEND := noninteractive

.PHONY: demo test build deps deps-test templates browser-test clean

## demo: install what is missing, build in release mode, write photos/ (if absent) and site/.
demo: deps
	$(SWIFT) build -c release
	@if [ -e photos ]; then echo "Using the existing photos/ folder."; else $(BIN) sample photos; fi
	$(BIN) build photos -o site
	@echo "Done: open $(CURDIR)/site/index.html in a browser, or copy site/ anywhere."

## test: install what the tests need, then run the unit, end-to-end and browser tests.
test: deps-test
	@scripts/embed-templates --check || { echo "Sources/TesseraCore/Render/DefaultTemplates.swift is out of date: run 'make templates'"; exit 1; }
	$(SWIFT) build
	$(SWIFT) test
	$(MAKE) browser-test

## browser-test: the layout checked in headless Chromium at phone to wide-desktop widths.
browser-test:
	$(SWIFT) build
	python3 Tests/Browser/check_layout.py --tessera .build/debug/tessera

build: deps
	$(SWIFT) build -c release

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
	$(SWIFT) build -c release
	bench/run
