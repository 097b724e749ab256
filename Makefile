# Swiftlet — the two commands: `make test` and `make run`.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: test run deps build lint format bench bench-engine bench-peers clean fuzz fuzz-build fuzz-smoke

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	scripts/run-tests

# `make run` opens the browser window on the demo page (served from 127.0.0.1). With no
# display, the window runs on its own Xvfb, leaves a picture of itself in
# out/swiftlet-window.png once the page has loaded, says where, and quits.
# `make run ARGS="https://example.org/"` opens other pages; `ARGS="--headless …"` renders
# pages without the window.
ARGS ?= --demo
run: deps
	$(SWIFT) build $(BUILD_FLAGS) --product swiftlet
	$(SWIFT) run $(BUILD_FLAGS) --skip-build swiftlet $(ARGS)

bench: deps
	$(SWIFT) build -c release --product swiftlet-bench
	$(SWIFT) run -c release --skip-build swiftlet-bench $(BENCH_ARGS)

# The real engine's figures (first load, restored tab, memory of the process tree), under
# Xvfb with HOME and the XDG directories in a temporary directory, as scripts/run-tests does.
# WebKit's sandbox stays on unless this host has no unprivileged user namespaces.
bench-engine: deps
	$(SWIFT) build -c release --product swiftlet-engine-bench
	@set -eu; \
	bin="$$($(SWIFT) build -c release --show-bin-path)/swiftlet-engine-bench"; \
	private=$$(mktemp -d "$${TMPDIR:-/tmp}/swiftlet-engine-bench.XXXXXX"); \
	trap 'rm -rf "$$private"' EXIT; \
	mkdir -p "$$private/home" "$$private/data" "$$private/cache" "$$private/config" "$$private/runtime"; \
	chmod 700 "$$private"/*; \
	sandbox=; \
	if ! unshare --user true 2>/dev/null; then \
		echo "bench-engine: no unprivileged user namespaces here: WebKit's sandbox is off for this run" >&2; \
		sandbox=WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1; \
	fi; \
	env HOME="$$private/home" XDG_DATA_HOME="$$private/data" XDG_CACHE_HOME="$$private/cache" \
		XDG_CONFIG_HOME="$$private/config" XDG_RUNTIME_DIR="$$private/runtime" \
		GTK_A11Y=none NO_AT_BRIDGE=1 $$sandbox \
		xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "$$bin" $(ENGINE_BENCH_ARGS)

# Swiftlet side by side with Chromium, Firefox and Epiphany (docs/design.md, "Benchmarking
# against the peers"): installs the peers from Debian if missing (scripts/install-peers; `make
# test` never does), builds the release swiftlet and the benchmark, and runs it under one Xvfb
# and a private D-Bus session (outside it, so that the bus sees DISPLAY), with HOME and the
# XDG directories in a temporary directory. The report also goes to out/bench-peers.md.
# `make bench-peers BENCH_PEERS_ARGS="--runs 5"`; `--help` lists the flags.
bench-peers: deps
	@scripts/install-peers
	$(SWIFT) build -c release --product swiftlet
	$(SWIFT) build -c release --product swiftlet-peers-bench
	@set -eu; \
	bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	revision="$$(git describe --always --dirty 2>/dev/null || echo unknown)"; \
	private=$$(mktemp -d "$${TMPDIR:-/tmp}/swiftlet-peers-bench.XXXXXX"); \
	trap 'rm -rf "$$private"' EXIT; \
	mkdir -p "$$private/home" "$$private/data" "$$private/cache" "$$private/config" "$$private/runtime"; \
	chmod 700 "$$private"/*; \
	sandbox=; \
	if ! unshare --user true 2>/dev/null; then \
		echo "bench-peers: no unprivileged user namespaces here: WebKit's sandbox is off for this run" >&2; \
		sandbox=WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1; \
	fi; \
	env -u DBUS_SESSION_BUS_ADDRESS HOME="$$private/home" XDG_DATA_HOME="$$private/data" \
		XDG_CACHE_HOME="$$private/cache" XDG_CONFIG_HOME="$$private/config" XDG_RUNTIME_DIR="$$private/runtime" \
		GTK_A11Y=none NO_AT_BRIDGE=1 $$sandbox \
		xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- \
		"$$bin/swiftlet-peers-bench" --swiftlet "$$bin/swiftlet" --revision "$$revision" \
		--markdown out/bench-peers.md $(BENCH_PEERS_ARGS)

# Fuzzing: one libFuzzer executable per file format, built with the address sanitizer into
# .build-fuzz; each runs FUZZ_SECONDS on a copy of its committed corpus (Fuzz/corpus/<target>),
# crash files go to out/fuzz/<target>/. `make fuzz-smoke` is the short run CI does.
FUZZ_TARGETS ?= fuzz-session-list fuzz-tab-data fuzz-recently-closed fuzz-prefs-json
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -c debug --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
fuzz-build: deps
	@log=$$(mktemp "$${TMPDIR:-/tmp}/swiftlet-fuzz-build.XXXXXX"); for target in $(FUZZ_TARGETS); do \
		$(SWIFT) build $(FUZZ_FLAGS) --product $$target >"$$log" 2>&1; status=$$?; \
		grep -Ev "Cannot export local symbol|prohibited flag" "$$log"; \
		[ $$status -eq 0 ] || { rm -f "$$log"; exit 1; }; \
	done; rm -f "$$log"

fuzz: fuzz-build
	@scripts/run-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	@scripts/run-fuzz 3 $(FUZZ_TARGETS)

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format Package.swift Sources Tests

clean:
	rm -rf .build .build-fuzz
