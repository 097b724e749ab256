# Swiftlet — the two commands: `make test` and `make run`.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: test run deps build lint format bench clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	scripts/run-tests

# Until the windowed UI lands, `make run` renders a page served from 127.0.0.1 in the real
# engine (starting its own Xvfb when there is no display) and prints where the PNG is.
# `make run ARGS="--headless --screenshot shot.png --dump title https://example.org/"` runs others.
ARGS ?= --headless --demo --dump title --dump url --screenshot out/swiftlet-demo.png
run: deps
	$(SWIFT) build $(BUILD_FLAGS) --product swiftlet
	$(SWIFT) run $(BUILD_FLAGS) --skip-build swiftlet $(ARGS)

bench: deps
	$(SWIFT) build -c release --product swiftlet-bench
	$(SWIFT) run -c release --skip-build swiftlet-bench $(BENCH_ARGS)

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format Package.swift Sources Tests

clean:
	rm -rf .build
