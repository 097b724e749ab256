import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A private X server for runs with no display: Xvfb on a free display number, stopped
/// when this object is stopped or the process exits.
final class XvfbDisplay {
    enum StartError: Error, CustomStringConvertible {
        case missing
        case failed(String)

        var description: String {
            switch self {
            case .missing: "there is no display and Xvfb is missing (install the xvfb package)"
            case .failed(let why): "could not start Xvfb: \(why)"
            }
        }
    }

    let display: String
    private let process: Process

    /// Starts Xvfb and sets `DISPLAY` for this process.
    init() throws(StartError) {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/Xvfb" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { throw .missing }
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // `-displayfd 1`: Xvfb takes the first free display number itself and writes it to
        // its standard output once it listens, so runs started side by side never collide.
        // `-terminate`: it exits when its last client goes, so even a killed run leaves no
        // server behind.
        process.arguments = [
            "-displayfd", "1", "-terminate", "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
        ]
        let announcement = Pipe()
        process.standardOutput = announcement
        process.standardError = FileHandle.nullDevice
        // Children inherit the signal mask: start Xvfb with nothing blocked, whatever our
        // parent left blocked, so that it stops when told to.
        var blocked = sigset_t()
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &blocked)
        defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }
        do { try process.run() } catch { throw .failed("\(error)") }
        let reader = announcement.fileHandleForReading.fileDescriptor
        var line = ""
        let deadline = Date().addingTimeInterval(10)
        while !line.hasSuffix("\n") {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var request = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            guard left > 0, poll(&request, 1, left) == 1, read(reader, &byte, 1) == 1 else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw .failed("it did not say which display it opened")
            }
            line.append(Character(UnicodeScalar(byte)))
        }
        guard let number = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw .failed("it announced '\(line)' instead of a display number")
        }
        display = ":\(number)"
        setenv("DISPLAY", display, 1)
    }

    /// Stops the server: SIGTERM, then SIGKILL if it has not gone within two seconds (a
    /// parent may have left SIGTERM blocked in the mask Xvfb inherited).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
