// swiftlet: the browser's entry point. The main thread stays the main actor's: the headless
// mode runs GLib's main loop on it, so the command runs synchronously here.
import ArgumentParser
import Base
import Foundation

#if canImport(Glibc)
import Glibc
#endif

SwiftletLogHandler.bootstrap()

do {
    var command = try SwiftletCommand.parseAsRoot()
    try command.run()
} catch {
    // A mistake in the command line exits 2 (the parser's own code is 64), with the message
    // and the usage of the command that was meant.
    if SwiftletCommand.exitCode(for: error) == .validationFailure {
        FileHandle.standardError.write(Data("\(SwiftletCommand.fullMessage(for: error))\n".utf8))
        exit(2)
    }
    SwiftletCommand.exit(withError: error)
}
