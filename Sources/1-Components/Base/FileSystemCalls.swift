#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// The system calls ``AtomicFileWriter`` makes: ``POSIXFileSystemCalls`` in the browser, in
/// tests ones that fail or wait on purpose. Each does what its system call does and throws
/// the `errno` of a failure.
public protocol FileSystemCalls: Sendable {
    /// `mkstemp(3)`: creates and opens a new, uniquely named file (mode 0600) in the
    /// directory of `path`, named after it; returns its descriptor and its path.
    func makeTemporaryFile(nextTo path: String) throws(SystemCallError) -> (descriptor: Int32, path: String)
    /// `fchmod(2)`.
    func setPermissions(_ permissions: mode_t, of descriptor: Int32) throws(SystemCallError)
    /// `write(2)`: returns how many of `bytes` were written.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
    /// `fsync(2)`.
    func sync(_ descriptor: Int32) throws(SystemCallError)
    /// `close(2)`.
    func close(_ descriptor: Int32) throws(SystemCallError)
    /// `rename(2)`.
    func rename(_ source: String, to destination: String) throws(SystemCallError)
    /// `unlink(2)`.
    func unlink(_ path: String) throws(SystemCallError)
    /// `open(2)` of the directory at `path`, read-only.
    func openDirectory(_ path: String) throws(SystemCallError) -> Int32
}
