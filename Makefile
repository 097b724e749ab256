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

run: deps
	$(SWIFT) build $(BUILD_FLAGS) --product swiftlet
	$(SWIFT) run $(BUILD_FLAGS) --skip-build swiftlet $(ARGS)

bench: deps
	$(SWIFT) build -c release --product swiftlet-bench
	$(SWIFT) run -c release --skip-build swiftlet-bench $(ARGS)

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format Package.swift Sources Tests

clean:
	rm -rf .build
