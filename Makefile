# RefreshGif: `make run` renders example frames, `make test` runs the test suite.
# Both install missing system packages first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= out
TOOL_RELEASE := .build/release/refresh-render
# Release builds link the Swift runtime and Foundation into the executable: a command starts in
# 7 ms instead of 14 (no 20 shared Swift libraries to load and bind; docs/benchmarks.md). The
# toolchain's lld links it without the GNU linker's warning about a libc call inside Foundation.
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -use-ld=lld

.PHONY: setup build run test docs bench fonts-report fuzz test-sanitize test-asan test-ubsan test-tsan fixtures clean

setup:
	@scripts/setup.sh

build: setup
	$(RELEASE_BUILD) --product refresh-render

run: build
	@mkdir -p $(OUT)
	$(TOOL_RELEASE) --state pulling --percent 0.6 --background '#FFFFFF' -o $(OUT)/header-pulling.png
	$(TOOL_RELEASE) --state idle --percent 0.6 --background '#FFFFFF' -o $(OUT)/header-idle-60.png
	$(TOOL_RELEASE) --images idle=Fixtures/demo/pull.gif --images refreshing=Fixtures/demo/spin.gif \
		--state idle --percent 0.6 --background '#FFFFFF' -o $(OUT)/header-demo-gif.png
	$(TOOL_RELEASE) --style normal --state pulling --background '#FFFFFF' -o $(OUT)/header-normal-pulling.png
	@echo "wrote $(OUT)/header-pulling.png and three more; open them to look"

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The DocC catalogs of the library and the snapshot helper, with the toolchain's docc.
docs: setup
	scripts/docs.sh

bench: setup
	@EXTRA_PACKAGES="imagemagick time" scripts/setup.sh
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install -q pillow
	$(RELEASE_BUILD) --product refresh-render
	$(RELEASE_BUILD) --product refresh-bench
	python3 bench/run.py

# The measurements behind the default faces (docs/fonts.md).
fonts-report: setup
	$(RELEASE_BUILD) --product refresh-bench
	.build/release/refresh-bench fonts

SECONDS ?= 60
UBSAN_DIR = $(shell dirname $$(find /opt/swift/usr/lib -name "libclang_rt.ubsan_standalone-x86_64.a" | head -1))
fuzz: setup
	fuzz/build.sh gif png json diff lottie font
	fuzz/run.sh $(SECONDS) gif png json diff lottie font

test-sanitize: test-asan test-ubsan test-tsan

test-asan: setup
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 REFRESH_RENDER_BIN=$(CURDIR)/.build-asan/debug/refresh-render \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

# swiftc has no -sanitize=undefined on Linux; Swift's own checks (overflow, bounds) are on in
# debug builds, and the C shim is built with UBSan here.
test-ubsan: setup
	$(SWIFT) build --build-tests --scratch-path .build-ubsan -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
		-Xlinker -L$(UBSAN_DIR) -Xlinker -lclang_rt.ubsan_standalone-x86_64
	LD_LIBRARY_PATH=$(UBSAN_DIR) REFRESH_RENDER_BIN=$(CURDIR)/.build-ubsan/debug/refresh-render \
		$(SWIFT) test --skip-build --scratch-path .build-ubsan

# The parallel renderer: simulate/sequence with --jobs, batch snapshots, the CLI.
test-tsan: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 REFRESH_RENDER_BIN=$(CURDIR)/.build-tsan/debug/refresh-render \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "AnimationTests|SnapshotAssertionTests|CLITests"

fixtures:
	python3 Fixtures/generate.py

clean:
	rm -rf .build $(OUT)
