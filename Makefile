# RefreshGif: `make run` renders example frames, `make test` runs the test suite (the library
# and the command line), `make check` everything else CI runs (the preview server's package and
# its page in Chromium, the example packages, AddressSanitizer). All install missing system
# packages first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= out
# Debug builds with the pixel loops optimised (Package.swift, `pixelSettings`): the suite encodes
# whole gestures, which unoptimised codecs take 20 times longer for. Exported for every target,
# so that one build serves them all instead of each rebuilding the modules its own way.
export REFRESH_OPTIMIZE_PIXELS ?= 1
TOOL_RELEASE := .build/release/refresh-render
# Release builds link the Swift runtime and Foundation into the executable: a command starts in
# 7 ms instead of 14 (no 20 shared Swift libraries to load and bind; docs/benchmarks.md). The
# toolchain's lld links it without the GNU linker's warning about a libc call inside Foundation.
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -use-ld=lld
# The preview server is a package of its own (Preview/), so nobody who depends on the library
# resolves its stack. It builds refresh-render too, into the same folder: `refresh-render
# preview` finds refresh-render-preview beside itself.
PREVIEW_BUILD := $(RELEASE_BUILD) --package-path Preview
PREVIEW_RELEASE := Preview/.build/release

PICTURES_BIN ?= $(CURDIR)/.build/debug/refresh-render

.PHONY: pictures pictures-check setup build run preview build-preview test check check-targets test-proof test-packages test-preview test-browser test-unit format lint architecture install uninstall dist docs bench fonts-report fuzz test-sanitize test-asan test-ubsan test-tsan fixtures clean api-check

setup:
	@scripts/setup.sh

build: setup
	$(RELEASE_BUILD) --product refresh-render
	$(RELEASE_BUILD) --product refresh-lottie-worker

run: build
	@mkdir -p $(OUT)
	$(TOOL_RELEASE) --state pulling --percent 0.6 --background '#FFFFFF' -o $(OUT)/header-pulling.png
	$(TOOL_RELEASE) --state idle --percent 0.6 --background '#FFFFFF' -o $(OUT)/header-idle-60.png
	$(TOOL_RELEASE) --images idle=Fixtures/demo/pull.gif --images refreshing=Fixtures/demo/spin.gif \
		--state idle --percent 0.6 --background '#FFFFFF' -o $(OUT)/header-demo-gif.png
	$(TOOL_RELEASE) --style normal --state pulling --background '#FFFFFF' -o $(OUT)/header-normal-pulling.png
	@echo "wrote $(OUT)/header-pulling.png and three more; open them to look"

# Every unit and command-line test of the library and the CLI. generate-manual is built first:
# the install test runs it while `swift test` holds the build. The example packages (minutes of
# building each) are `make check`'s.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	$(SWIFT) test --skip-build --skip PackageTests --skip SettingProofTests

# What CI runs after `make test`: the preview package's tests, its page in Chromium and its API
# under schemathesis (Tests/browser, pytest), the example packages as their users build them,
# the suite under AddressSanitizer, and the public API against the last release tag.
CHECK_TARGETS = test-preview test-browser test-packages test-proof test-asan api-check pictures-check
check: $(CHECK_TARGETS)

# The stages of `make check`, a word each, for .ci/run to time them one by one.
check-targets:
	@echo $(CHECK_TARGETS)

# The public API of the library products, two ways. First against api/*.txt, the committed
# listing of every public symbol (scripts/api_surface.py): a change to the API is a change to
# those files, seen in review without a tag (`scripts/api_surface.py --update` after an intended
# one). Then against the last tag (`git tag`): a removed or changed declaration fails, as
# Hummingbird's CI does; nothing to compare on the tagged commit itself or in a clone without
# tags (each says so); `make api-check API_BASELINE=<commit>` compares with any.
API_BASELINE ?= $(shell git describe --tags --abbrev=0 2>/dev/null)
api-check: setup
	python3 scripts/api_surface.py
	@if [ -z "$(API_BASELINE)" ]; then echo "api-check: no release tag in this clone: nothing to compare with"; \
	elif [ "$$(git rev-parse HEAD)" = "$$(git rev-parse '$(API_BASELINE)^{commit}')" ]; then \
		echo "api-check: HEAD is $(API_BASELINE) itself: nothing to compare with"; \
	else $(SWIFT) package diagnose-api-breaking-changes '$(API_BASELINE)' --products RefreshGif RefreshGifTesting \
		--baseline-dir .build/api-baseline/$(API_BASELINE); fi

test-preview: setup
	$(SWIFT) build --build-tests --package-path Preview
	$(SWIFT) test --skip-build --package-path Preview

test-browser: setup
	@scripts/setup-python.sh
	$(SWIFT) build --package-path Preview --product refresh-render
	$(SWIFT) build --package-path Preview --product refresh-render-preview
	$(SWIFT) build --package-path Preview --product refresh-lottie-worker
	REFRESH_RENDER_BIN=$(CURDIR)/Preview/.build/debug/refresh-render python3 -m pytest -q -p no:cacheprovider Tests/browser

# Every setting on every class it exists on, exported, compiled and drawn back (docs/export.md,
# "Proof"): some hundreds of scenes, so CI's second stage, not `make test`.
test-proof: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter SettingProofTests

test-packages: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter PackageTests --skip SettingProofTests

# Every picture in docs/ and the README, drawn by the program (scripts/pictures.sh) with the
# debug build `make test` leaves (its pixel loops optimised; the same bytes as a release build).
# pictures-check draws them into a scratch folder: a picture that differs from the committed one,
# or one in docs/ the script does not draw, fails it.
pictures: setup
	$(SWIFT) build --product refresh-render
	$(SWIFT) build --product refresh-lottie-worker
	REFRESH_RENDER=$(PICTURES_BIN) scripts/pictures.sh docs

pictures-check: setup
	$(SWIFT) build --product refresh-render
	$(SWIFT) build --product refresh-lottie-worker
	@scratch=$$(mktemp -d); trap 'rm -rf "$$scratch"' EXIT; \
	REFRESH_RENDER=$(PICTURES_BIN) scripts/pictures.sh "$$scratch"; \
	status=0; \
	shots=" $$(scripts/pictures.sh --screenshots) "; \
	for f in docs/*.png docs/*.gif; do \
		n=$$(basename "$$f"); \
		case "$$shots" in *" $$n "*) continue;; esac; \
		if [ ! -f "$$scratch/$$n" ]; then echo "pictures-check: $$f is drawn by nothing in scripts/pictures.sh"; status=1; \
		elif ! cmp -s "$$f" "$$scratch/$$n"; then echo "pictures-check: $$f differs from what the program draws now (make pictures)"; status=1; fi; \
	done; \
	for f in "$$scratch"/*; do [ -f "docs/$$(basename "$$f")" ] || { echo "pictures-check: docs/$$(basename "$$f") is missing (make pictures)"; status=1; }; done; \
	[ $$status -eq 0 ] && echo "pictures-check: every picture in docs/ is what the program draws"; exit $$status

# The preview server and refresh-render side by side in $(PREVIEW_RELEASE).
build-preview: setup
	$(PREVIEW_BUILD) --product refresh-render
	$(PREVIEW_BUILD) --product refresh-render-preview
	$(PREVIEW_BUILD) --product refresh-lottie-worker

# The live preview page on http://127.0.0.1:8765/ with the demo GIFs (Ctrl-C stops it).
preview: build-preview
	cd Fixtures/demo && ../../$(PREVIEW_RELEASE)/refresh-render preview --port 8765 --images idle=pull.gif --images refreshing=spin.gif

# The suites of the pure modules (images, model, layout, motion, diff): seconds once built.
UNIT_SUITES := CompositingTests|MotionTests|FamilyMotionTests|ModelTests|ImageDiffTests|LayoutTests
test-unit: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '$(UNIT_SUITES)'

# Formatting with the toolchain's swift-format and the checked-in .swift-format; CI runs lint.
# The example package is left out: the README quotes its files word for word.
# Tests/AppCorpus holds apps' files written as apps write them: never reformatted.
FORMAT_PATHS := Package.swift Sources Plugins $(filter-out Tests/AppCorpus,$(wildcard Tests/*)) bench fuzz Preview/Package.swift Preview/Sources Preview/Tests/PreviewTests
format:
	$(SWIFT) format --in-place --recursive --parallel $(FORMAT_PATHS)

# The target diagram of docs/architecture.md, from Package.swift.
architecture:
	python3 scripts/architecture.py

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)
	python3 scripts/architecture.py --check
	python3 scripts/api_docs.py

# Installing: the two programs (stripped), shell completions (generated by ArgumentParser) and a man page (by
# ArgumentParser's generate-manual, the tool its plugin runs), under $(DESTDIR)$(PREFIX);
# `uninstall` removes exactly those files, and the folders that leaves empty. BIN lets the test
# suite install its debug build without a release build; PREVIEW_BIN is the server beside it.
PREFIX ?= /usr/local
DESTDIR ?=
BIN ?= $(PREVIEW_RELEASE)/refresh-render
PREVIEW_BIN ?= $(dir $(BIN))refresh-render-preview
WORKER_BIN ?= $(dir $(BIN))refresh-lottie-worker
# Programs are installed stripped; the sanitizer runs keep symbols (their leak suppressions
# name functions), so they set STRIP_FLAG empty.
STRIP_FLAG ?= -s
VERSION := $(shell sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/RefreshGif/Version.swift)
# The man page's date is the version's, not the build's: the same input gives the same bytes.
MAN_DATE ?= 2026-11-24
MAN_DIR ?= .build/man
GENERATE_MANUAL := .build/debug/generate-manual
INSTALLED := bin/refresh-render bin/refresh-render-preview bin/refresh-lottie-worker share/man/man1/refresh-render.1 share/bash-completion/completions/refresh-render \
	share/zsh/site-functions/_refresh-render share/fish/vendor_completions.d/refresh-render.fish

install: setup
	@[ "$(BIN)" != "$(PREVIEW_RELEASE)/refresh-render" ] || $(MAKE) -s build-preview
	@[ -x $(GENERATE_MANUAL) ] || $(SWIFT) build --product generate-manual
	mkdir -p $(MAN_DIR)
	$(GENERATE_MANUAL) $(BIN) --date $(MAN_DATE) --authors RefreshGif --output-directory $(MAN_DIR)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(STRIP_FLAG) $(BIN) $(DESTDIR)$(PREFIX)/bin/refresh-render
	@if [ -x $(WORKER_BIN) ]; then install -m 755 $(STRIP_FLAG) $(WORKER_BIN) $(DESTDIR)$(PREFIX)/bin/refresh-lottie-worker; \
	else echo "install: no $(WORKER_BIN), so Lottie files cannot be drawn: build it with swift build --product refresh-lottie-worker" >&2; fi
	@if [ -x $(PREVIEW_BIN) ]; then install -m 755 $(STRIP_FLAG) $(PREVIEW_BIN) $(DESTDIR)$(PREFIX)/bin/refresh-render-preview; \
	else echo "install: no $(PREVIEW_BIN), so no preview server: refresh-render preview says how to build it" >&2; fi
	install -m 644 $(MAN_DIR)/refresh-render.1 $(DESTDIR)$(PREFIX)/share/man/man1/refresh-render.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/refresh-render
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_refresh-render
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/refresh-render.fish

INSTALL_DIRS := share/man/man1 share/man share/bash-completion/completions share/bash-completion \
	share/zsh/site-functions share/zsh share/fish/vendor_completions.d share/fish share bin

uninstall:
	cd $(DESTDIR)$(PREFIX) && rm -f $(INSTALLED) && for d in $(INSTALL_DIRS); do \
		[ ! -d $$d ] || rmdir --ignore-fail-on-non-empty $$d; done

# A release tarball: the two programs, completions, man page, LICENSE and README, with its
# SHA-256 beside it. Files carry the version's date and no owner, so it is the same every time.
DIST := refresh-render-$(VERSION)-linux-$(shell uname -m)
dist: setup
	rm -rf .build/dist/$(DIST) && mkdir -p .build/dist/$(DIST)
	$(MAKE) install DESTDIR=$(CURDIR)/.build/dist/$(DIST) PREFIX=
	cp LICENSE README.md .build/dist/$(DIST)/
	scripts/check-libraries.sh .build/dist/$(DIST)/bin/refresh-render .build/dist/$(DIST)/bin/refresh-render-preview .build/dist/$(DIST)/bin/refresh-lottie-worker
	cd .build/dist && tar --sort=name --mtime=$(MAN_DATE) --owner=0 --group=0 --numeric-owner -cf - $(DIST) | gzip -n -9 > $(DIST).tar.gz \
		&& sha256sum $(DIST).tar.gz > $(DIST).tar.gz.sha256
	@echo "wrote .build/dist/$(DIST).tar.gz and its .sha256"

# The DocC catalogs of the library and the snapshot helper, with the toolchain's docc.
docs: setup
	scripts/docs.sh

bench: setup
	@EXTRA_PACKAGES="imagemagick time gifsicle ffmpeg" scripts/setup.sh
	@python3 -c "import PIL, numpy" 2>/dev/null || python3 -m pip install -q pillow numpy
	@scripts/setup-python.sh
	$(RELEASE_BUILD) --product refresh-render
	$(RELEASE_BUILD) --product refresh-bench
	$(MAKE) -s build-preview
	python3 bench/run.py
	python3 bench/gif_preview.py
	python3 bench/png_frames.py
	python3 bench/snapshot_suite.py
	$(RELEASE_BUILD) --product refresh-lottie-worker
	.build/release/refresh-bench diy
	python3 bench/apng_preview.py
	python3 bench/preview_load.py
	python3 bench/preview_fps.py
	python3 bench/build_times.py

# The measurements behind the default faces (docs/fonts.md).
fonts-report: setup
	$(RELEASE_BUILD) --product refresh-bench
	.build/release/refresh-bench fonts

SECONDS ?= 60
UBSAN_DIR = $(shell dirname $$(find /opt/swift/usr/lib -name "libclang_rt.ubsan_standalone-x86_64.a" | head -1))
fuzz: setup
	fuzz/build.sh gif png json diff lottie font gesture
	fuzz/run.sh $(SECONDS) gif png json diff lottie font gesture

test-sanitize: test-asan test-ubsan test-tsan

# AddressSanitizer where memory is handled by hand: the suites that reach C (the GIF, PNG and
# APNG codecs, fonts and text, the Lottie worker, the renderer over them) and the command line
# end to end. The pure Swift suites (model, layout, motion, settings, goldens, export's code) are
# bounds-checked by Swift itself and left out, as is AnimationTests (the CLI's GIF and APNG
# outputs: their C is the codec suites', and its pixel checks in Swift took 20 min under ASan); `make test-asan ASAN_SUITES=.` runs everything. Names are
# anchored (`.Name/`): `RenderTests` alone would also match the module `RefreshRenderTests`.
ASAN_SUITES ?= \.(GIFDecoderTests|GIFEdgeTests|GIFLayoutTests|GIFEncoderTests|GIFFrameSourceTests|PNGCodecTests|PNGFastPathTests|APNGDelayTests|LottieTests|TextTests|LabelLookTests|RenderTests|ScaleTests|RobustnessTests|ImageDiffTests|PerceptualDiffTests|CLITests|PerceptualCommandTests|LottieBoundsTests|LottieCommandTests|MemoryBudgetTests|HonestErrorTests|WriteFailureTests|OutputSafetyTests|FolderTrustTests)/
test-asan: setup
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	STRIP_FLAG= LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 REFRESH_RENDER_BIN=$(CURDIR)/.build-asan/debug/refresh-render \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip SettingProofTests --filter '$(ASAN_SUITES)'

# swiftc has no -sanitize=undefined on Linux; Swift's own checks (overflow, bounds) are on in
# debug builds, and the C shim is built with UBSan here.
test-ubsan: setup
	$(SWIFT) build --build-tests --scratch-path .build-ubsan -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
		-Xlinker -L$(UBSAN_DIR) -Xlinker -lclang_rt.ubsan_standalone-x86_64
	STRIP_FLAG= LD_LIBRARY_PATH=$(UBSAN_DIR) REFRESH_RENDER_BIN=$(CURDIR)/.build-ubsan/debug/refresh-render \
		$(SWIFT) test --skip-build --scratch-path .build-ubsan

# The parallel renderer: simulate/sequence with --jobs, batch snapshots, the CLI.
test-tsan: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	STRIP_FLAG= TSAN_OPTIONS=halt_on_error=1 REFRESH_RENDER_BIN=$(CURDIR)/.build-tsan/debug/refresh-render \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "AnimationTests|SnapshotAssertionTests|CLITests"

fixtures:
	python3 Fixtures/generate.py

clean:
	rm -rf .build $(OUT)
