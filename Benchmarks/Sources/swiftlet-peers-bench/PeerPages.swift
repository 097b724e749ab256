import BenchmarkSupport
import Foundation
import LocalHTTPServer
import Synchronization

/// The pages every browser loads, served from 127.0.0.1 by the benchmark: `/page/N` is a
/// page of about 60 KB (text, an inline stylesheet and script) titled "Page N" that, once
/// loaded, sends a beacon (`POST /beacon/N`) back. Pages are `no-store`, so a browser that
/// restores a tab asks the server for it again whatever its cache holds: every page request
/// the log sees is a tab being loaded. The site's home page, `/`, is page ``homeIndex`` (the
/// page the typing scenarios type the address of). Each page also reports its next frame:
/// from its onload handler, a `requestAnimationFrame` callback (which runs before the next
/// frame is painted) posts a task that sends `POST /painted/N`, the usual way a page sees that
/// a frame was produced. A page prerendered and not yet shown runs no animation frames, so its
/// painted beacon comes once it is shown.
///
/// The log keeps when (``ProcessClock``) each page was asked for and each beacon arrived.
/// While ``producingSessions`` is on, pages are a few hundred bytes with the same title and
/// no beacon: what a browser driven to make its session (Chromium's) loads, quickly.
final class PeerPages: Sendable {
    /// A page request or a beacon.
    struct Event: Sendable {
        /// The page's number.
        var index: Int
        /// When the server read the request (``ProcessClock/monotonicNanoseconds()``).
        var time: UInt64
    }

    private struct Log {
        var pages: [Event] = []
        var beacons: [Event] = []
        var painted: [Event] = []
        var producing = false
    }

    private let server: LocalHTTPServer
    private let log = Mutex(Log())

    /// Starts the server.
    init() throws {
        server = try LocalHTTPServer()
        server.route(prefix: "/page/") { [weak self] request in
            let time = ProcessClock.monotonicNanoseconds()
            guard let self, let index = Int(request.path.dropFirst("/page/".count)) else {
                return .text("no such page", status: 404)
            }
            let producing = self.log.withLock { log in
                log.pages.append(Event(index: index, time: time))
                return log.producing
            }
            var response = HTTPResponse.html(producing ? Self.placeholder(index) : Self.page(index))
            response.headers["Cache-Control"] = "no-store"
            return response
        }
        server.route("/") { [weak self] _ in
            let time = ProcessClock.monotonicNanoseconds()
            self?.log.withLock { $0.pages.append(Event(index: Self.homeIndex, time: time)) }
            var response = HTTPResponse.html(Self.page(Self.homeIndex))
            response.headers["Cache-Control"] = "no-store"
            return response
        }
        server.route(prefix: "/painted/") { [weak self] request in
            let time = ProcessClock.monotonicNanoseconds()
            if let self, let index = Int(request.path.dropFirst("/painted/".count)) {
                self.log.withLock { $0.painted.append(Event(index: index, time: time)) }
            }
            return HTTPResponse(status: 204)
        }
        server.route(prefix: "/beacon/") { [weak self] request in
            let time = ProcessClock.monotonicNanoseconds()
            if let self, let index = Int(request.path.dropFirst("/beacon/".count)) {
                self.log.withLock { $0.beacons.append(Event(index: index, time: time)) }
            }
            return HTTPResponse(status: 204)
        }
        // An icon, so that no browser retries or logs a missing one.
        server.route(
            "/favicon.ico", HTTPResponse(headers: ["Content-Type": "image/x-icon"], body: Self.icon))
    }

    /// The URL of page `index`.
    func url(_ index: Int) -> URL { server.url("/page/\(index)") }

    /// The number of the site's home page (`/`) in the log.
    static let homeIndex = 1_000_000

    /// The site's home page under the host name `localhost`, as a person types it:
    /// `localhost:<port>/`. (A host name, not 127.0.0.1: browsers complete typed host names.)
    var homeAddress: String { "localhost:\(server.baseURL.port ?? 80)/" }

    /// The URLs of pages `0..<count`.
    func urls(_ count: Int) -> [URL] { (0..<count).map(url) }

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { server.baseURL }

    /// Whether pages are served as small placeholders (while a session is produced).
    var producingSessions: Bool {
        get { log.withLock { $0.producing } }
        set { log.withLock { $0.producing = newValue } }
    }

    /// Page requests since `time`, oldest first.
    func pageRequests(since time: UInt64) -> [Event] {
        log.withLock { $0.pages.filter { $0.time >= time } }
    }

    /// Beacons since `time`, oldest first.
    func beacons(since time: UInt64) -> [Event] {
        log.withLock { $0.beacons.filter { $0.time >= time } }
    }

    /// Painted beacons since `time`, oldest first.
    func paintedBeacons(since time: UInt64) -> [Event] {
        log.withLock { $0.painted.filter { $0.time >= time } }
    }

    /// Stops the server.
    func stop() { server.stop() }

    /// The size of a page, in bytes.
    static var pageSize: Int { page(0).utf8.count }

    private static func page(_ index: Int) -> String {
        let paragraph = """
            <p>Paragraph {n} of page \(index). Swiftlet is measured side by side with the browsers \
            people already use: this filler text has the length of a typical paragraph, with a \
            <a href="#s{n}">link</a>, some <em>emphasis</em> and some <code>code</code>, so that \
            every page has text to lay out and paint, and enough of it to weigh about sixty \
            kilobytes, the size of an ordinary article page.</p>

            """
        let body = (1...156).map { paragraph.replacingOccurrences(of: "{n}", with: String($0)) }
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page \(index)</title>
            <meta name="viewport" content="width=device-width">
            <style>body{font-family:sans-serif;max-width:48em;margin:2em auto;line-height:1.5;\
            color:#241f31;background:#fafafa}h1{color:#1c71d8}code{background:#eee}</style>
            <script>addEventListener('load', function () { navigator.sendBeacon('/beacon/\(index)');
            requestAnimationFrame(function () { setTimeout(function () {
            navigator.sendBeacon('/painted/\(index)'); }, 0); }); });</script>
            </head><body><h1>Page \(index)</h1>
            \(body.joined())<ul id="list"></ul>
            <script>(function () { var list = document.getElementById('list');
            for (var i = 0; i < 20; i++) { var item = document.createElement('li');
            item.textContent = 'Item ' + i + ' of ' + document.title; list.appendChild(item); } })();</script>
            </body></html>
            """
    }

    private static func placeholder(_ index: Int) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Page \(index)</title></head>"
            + "<body><h1>Page \(index)</h1></body></html>"
    }

    /// A 1×1 ICO image.
    private static let icon = Data(
        base64Encoded:
            "AAABAAEAAQEAAAEAIAAwAAAAFgAAACgAAAABAAAAAgAAAAEAIAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAADYcRz/AAAAAA=="
    )!
}
