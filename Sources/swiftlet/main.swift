// swiftlet: the browser's entry point.
import Base
import Foundation

#if canImport(Glibc)
import Glibc
#endif

SwiftletLogHandler.bootstrap()

let usage = """
    Swiftlet — a web browser for Linux, written in Swift on WebKit.

    Usage:
      swiftlet [--user-data-dir DIR] [URL...]   open the browser (the windowed UI is not there yet)
      swiftlet --headless [--screenshot FILE.png] [--dump title|url|history] [--timeout S]
                          [--user-data-dir DIR] URL...
                                                  load URLs in the real engine, save a PNG, print facts
                                                  (with DIR: in its Default profile, data kept)
      swiftlet --headless --demo                  render a built-in page served from 127.0.0.1
      swiftlet sessions list [--json] [--user-data-dir DIR]
                                                  the saved windows of each profile, recently closed
      swiftlet sessions show [WINDOW-ID] [--json] [--user-data-dir DIR]
                                                  a window's tabs (title, URL, pinned, group, opener)
      swiftlet --help                             show this help
      swiftlet --version                          show the version

    The browser core works as libraries (tab model, profiles, sessions, the WebKit engine);
    `make test` exercises it, `make bench` prints its figures, `make run` renders the demo.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "sessions" {
    exit(SessionsCommand.run(Array(arguments.dropFirst())))
}
if arguments.contains("--headless") {
    exit(MainActor.assumeIsolated { HeadlessRunner.run(arguments) })
}
if arguments.contains("--version") {
    print("swiftlet 0.1.0")
} else {
    print(usage)
    if !arguments.isEmpty && !arguments.contains("--help") && !arguments.contains("-h") {
        FileHandle.standardError.write(Data("swiftlet: the windowed browser is not available yet\n".utf8))
        exit(2)
    }
}
