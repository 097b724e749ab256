import CFuzzDriver

/// The signature of libFuzzer's per-input callback: the input's bytes and their count;
/// returns 0 (anything else is reserved by libFuzzer).
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer with this process's arguments (`-max_total_time=…`, corpus directories),
/// calling `callback` once per input on the calling (main) thread, and returns its status.
/// Without `-sanitize=fuzzer` it returns 1 at once.
public func runFuzzer(_ callback: FuzzCallback) -> Int32 {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return swiftlet_fuzz_run_driver(&argc, &argv, callback)
}

/// libFuzzer's archive brings its own `main`, which needs this symbol to link. SwiftPM
/// points `main` at the executable's entry point instead, so it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fatalError("libFuzzer's own main ran: the executable's entry point was not linked as main")
}
