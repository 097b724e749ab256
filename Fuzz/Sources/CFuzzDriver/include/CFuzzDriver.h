#pragma once
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (LLVMFuzzerRunDriver) with `callback` when the executable is
/// linked with -sanitize=fuzzer; otherwise says so and returns 1, so that a plain build of
/// the package still links the fuzz targets.
int swiftlet_fuzz_run_driver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));
