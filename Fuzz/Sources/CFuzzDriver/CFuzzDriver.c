#include "CFuzzDriver.h"
#include <stdio.h>

extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

int swiftlet_fuzz_run_driver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) {
    if (!LLVMFuzzerRunDriver) {
        fprintf(stderr, "built without -sanitize=fuzzer: use make fuzz\n");
        return 1;
    }
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
