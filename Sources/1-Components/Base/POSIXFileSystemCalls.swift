import Foundation

#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// The system's own calls.
public struct POSIXFileSystemCalls: FileSystemCalls {
    public init() {}

    public func makeTemporaryFile(
        nextTo path: String
    ) throws(SystemCallError) -> (descriptor: Int32, path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array("\(directory.isEmpty ? "." : directory)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (descriptor, temporaryPath)
    }

    public func setPermissions(_ permissions: mode_t, of descriptor: Int32) throws(SystemCallError) {
        if fchmod(descriptor, permissions) != 0 { throw SystemCallError(code: errno) }
    }

    public func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        #else
        let written = Darwin.write(descriptor, bytes.baseAddress, bytes.count)
        #endif
        guard written >= 0 else { throw SystemCallError(code: errno) }
        return written
    }

    public func sync(_ descriptor: Int32) throws(SystemCallError) {
        if fsync(descriptor) != 0 { throw SystemCallError(code: errno) }
    }

    public func close(_ descriptor: Int32) throws(SystemCallError) {
        #if canImport(Glibc)
        let result = Glibc.close(descriptor)
        #else
        let result = Darwin.close(descriptor)
        #endif
        if result != 0 { throw SystemCallError(code: errno) }
    }

    public func rename(_ source: String, to destination: String) throws(SystemCallError) {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        if result != 0 { throw SystemCallError(code: errno) }
    }

    public func unlink(_ path: String) throws(SystemCallError) {
        #if canImport(Glibc)
        let result = Glibc.unlink(path)
        #else
        let result = Darwin.unlink(path)
        #endif
        if result != 0 { throw SystemCallError(code: errno) }
    }

    public func openDirectory(_ path: String) throws(SystemCallError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        return descriptor
    }
}
