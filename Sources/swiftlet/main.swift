// swiftlet: the browser's entry point.
import Foundation

let usage = """
    Swiftlet — a web browser for Linux, written in Swift on WebKit.

    Usage:
      swiftlet [--user-data-dir DIR] [URL...]   open the browser (not yet available: the engine lands next)
      swiftlet --help                             show this help
      swiftlet --version                          show the version

    What works today is the browser core as libraries (tab model, WebStates, commands);
    run `make test` to exercise it and `make bench` for its performance figures.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--version") {
    print("swiftlet 0.1.0")
} else {
    print(usage)
    if !arguments.isEmpty && !arguments.contains("--help") && !arguments.contains("-h") {
        FileHandle.standardError.write(Data("swiftlet: the windowed browser is not available yet\n".utf8))
        exit(2)
    }
}
