/// The signature of libFuzzer's per-input callback: the input's bytes and their count;
/// returns 0 (anything else is reserved by libFuzzer).
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback
) -> Int32

/// Runs libFuzzer with this process's arguments (`-max_total_time=…`, corpus directories),
/// calling `callback` once per input on the calling (main) thread, and returns its status.
/// The executable must be linked with `-sanitize=fuzzer`.
public func runFuzzer(_ callback: FuzzCallback) -> Int32 {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return llvmFuzzerRunDriver(&argc, &argv, callback)
}

/// libFuzzer's archive brings its own `main`, which needs this symbol to link. SwiftPM
/// points `main` at the executable's entry point instead, so it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fatalError("libFuzzer's own main ran: the executable's entry point was not linked as main")
}
