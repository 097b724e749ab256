import Foundation

/// One of the four browsers the benchmark measures: how to make its profile, write or
/// produce its session, and the command lines of each scenario. Every run gets a fresh copy
/// of a profile made once per benchmark run.
@MainActor
protocol BenchmarkedBrowser: AnyObject {
    /// Its name in the table.
    var name: String { get }
    /// The program the benchmark starts (looked up in `PATH`, or a path).
    var program: String { get }
    /// Its version, from the package it comes from.
    var version: String { get }
    /// Whether Enter after the first letters of an address it has been typed often opens it
    /// (its location bar fills in the rest); if not, the typing scenario chooses its first
    /// suggestion with Down before Enter.
    var completesTypedAddresses: Bool { get }

    /// Makes a profile in the empty directory `profile` with the browser's first-run work
    /// done (one launch on `about:blank`), and no session.
    func prepareProfile(_ profile: URL, bench: BenchmarkContext) throws

    /// Puts a session of `urls`, the tab at `active` selected, into `profile` (a copy of the
    /// prepared one), in the browser's own format or by driving the browser.
    func writeSession(urls: [URL], active: Int, into profile: URL, bench: BenchmarkContext) throws

    /// The arguments (after ``program``) that start it on `profile`, restoring its session.
    func restoreArguments(profile: URL, bench: BenchmarkContext) -> [String]

    /// The arguments that start it on `profile` with `urls` open in tabs.
    func openArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> [String]

    /// The arguments that load `url` without a window and write a PNG of it to `png`, or why
    /// the browser cannot.
    func headlessArguments(profile: URL, url: URL, png: URL, bench: BenchmarkContext) -> Capability

    /// The arguments that open `urls` and then discard (unload) the background tabs once
    /// loaded, or why the browser cannot.
    func discardArguments(profile: URL, urls: [URL], bench: BenchmarkContext) -> Capability
}

extension BenchmarkedBrowser {
    /// Most do.
    var completesTypedAddresses: Bool { true }
}

/// Whether a browser can run a scenario: its arguments, or why not.
enum Capability {
    /// The arguments after the program.
    case arguments([String])
    /// The reason it cannot.
    case unsupported(String)
}
