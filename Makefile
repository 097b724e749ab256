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

# The benchmarks are a package of their own (Benchmarks/Package.swift) that depends on this one.
BENCH = $(SWIFT) build -c release --package-path Benchmarks
BENCH_BIN = $$($(BENCH) --show-bin-path)

bench: deps
	$(BENCH) --product swiftlet-bench
	"$(BENCH_BIN)/swiftlet-bench" $(BENCH_ARGS)

# The real engine's figures (first load, restored tab, memory of the process tree), under
# Xvfb in the private environment the tests use (scripts/private-env).
bench-engine: deps
	$(BENCH) --product swiftlet-engine-bench
	PRIVATE_ENV_NAME=bench-engine scripts/private-env env GTK_A11Y=none NO_AT_BRIDGE=1 \
		xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "$(BENCH_BIN)/swiftlet-engine-bench" $(ENGINE_BENCH_ARGS)

# Swiftlet side by side with Chromium, Firefox and Epiphany (docs/benchmarks.md): installs the
# peers from Debian if missing (scripts/install-peers; `make test` never does), builds the
# release swiftlet and the benchmark, and runs it under one Xvfb and a private D-Bus session
# (outside it, so that the bus sees DISPLAY), in the private environment of scripts/private-env.
# The report also goes to out/bench-peers.md.
# `make bench-peers BENCH_PEERS_ARGS="--runs 5"`; `--help` lists the flags.
bench-peers: deps
	@scripts/install-peers
	$(SWIFT) build -c release --product swiftlet
	$(BENCH) --product swiftlet-peers-bench
	@revision="$$(git describe --always --dirty 2>/dev/null || echo unknown)"; \
	PRIVATE_ENV_NAME=bench-peers scripts/private-env env -u DBUS_SESSION_BUS_ADDRESS GTK_A11Y=none NO_AT_BRIDGE=1 \
		xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" dbus-run-session -- \
		"$(BENCH_BIN)/swiftlet-peers-bench" --swiftlet "$$($(SWIFT) build -c release --show-bin-path)/swiftlet" \
		--revision "$$revision" --markdown out/bench-peers.md $(BENCH_PEERS_ARGS)

# Fuzzing: one libFuzzer executable per file format (Fuzz/Package.swift, a package of its own
# that depends on this one), built with the address sanitizer into .build-fuzz; each runs FUZZ_SECONDS on a copy of its committed corpus (Fuzz/corpus/<target>),
# crash files go to out/fuzz/<target>/. `make fuzz-smoke` is the short run CI does.
FUZZ_TARGETS ?= fuzz-session-list fuzz-tab-data fuzz-recently-closed fuzz-prefs-json fuzz-launch fuzz-history-file \
	fuzz-bookmarks-db fuzz-bookmarks-html
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -c debug --package-path Fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
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
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources

clean:
	rm -rf .build .build-fuzz
