public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 with an ephemeral port, answering routes registered
/// in code. For tests and the headless demo: it never listens beyond the loopback interface.
///
/// It accepts on a background thread and answers each connection on its own thread, one
/// request per connection (`Connection: close`). Unknown paths get a 404. ``stop()`` (or
/// releasing the server) closes the listening socket and wakes every delayed answer.
public final class LocalHTTPServer: Sendable {
    /// How the server answers a request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Errors starting the server.
    public struct StartError: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
    }

    private let core: HTTPServerCore

    /// The port the server listens on.
    public var port: UInt16 { core.port }

    /// Starts a server on 127.0.0.1 with `port`, or one the system picks (0): a given port
    /// brings up a server where an earlier test found none (``unusedPort()``).
    public init(port: UInt16 = 0) throws(StartError) {
        core = try HTTPServerCore(port: port)
    }

    deinit { core.stop() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of `path` (which may carry a query) on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)" + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// Answers `path` (without query) with `response`.
    public func route(_ path: String, _ response: HTTPResponse) {
        route(path) { _ in response }
    }

    /// Answers `path` (without query) by calling `handler` on a server thread.
    public func route(_ path: String, handler: @escaping Handler) { core.route(path, handler: handler) }

    /// Answers every path that starts with `prefix` and has no route of its own (the longest
    /// matching prefix wins) by calling `handler` on a server thread: a family of pages such
    /// as `/page/0`, `/page/1`… without a route for each.
    public func route(prefix: String, handler: @escaping Handler) {
        core.route(prefix: prefix, handler: handler)
    }

    /// Every request received so far, oldest first.
    public var requests: [HTTPRequest] { core.requests }

    /// The number of requests received for `path`.
    public func requestCount(_ path: String) -> Int { requests.count { $0.path == path } }

    /// Stops accepting and wakes delayed answers; idempotent. Releasing the server stops it.
    public func stop() { core.stop() }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { core.isStopped }

    /// A port on 127.0.0.1 that nothing listens on (it was free a moment ago), for
    /// connection-refused tests.
    public static func unusedPort() -> UInt16 { HTTPServerCore.unusedPort() }
}

/// The sockets and threads of a ``LocalHTTPServer``; its threads keep it alive until they
/// end, after the server stops.
private final class HTTPServerCore: Sendable {
    typealias Handler = LocalHTTPServer.Handler

    private struct State {
        var routes: [String: Handler] = [:]
        var prefixRoutes: [(prefix: String, handler: Handler)] = []
        var requests: [HTTPRequest] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let listenFD: Int32
    private let wakeFDs: (read: Int32, write: Int32)

    let port: UInt16

    init(port requestedPort: UInt16) throws(LocalHTTPServer.StartError) {
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw LocalHTTPServer.StartError(description: "socket: \(Self.errnoText())") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requestedPort.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let text = Self.errnoText()
            close(fd)
            throw LocalHTTPServer.StartError(description: "bind/listen: \(text)")
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        var pipeFDs: [Int32] = [0, 0]
        guard named == 0, Self.makePipe(&pipeFDs) == 0 else {
            let text = Self.errnoText()
            close(fd)
            throw LocalHTTPServer.StartError(description: "getsockname/pipe: \(text)")
        }
        listenFD = fd
        wakeFDs = (pipeFDs[0], pipeFDs[1])
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LocalHTTPServer \(port)"
        thread.start()
    }

    func route(_ path: String, handler: @escaping Handler) {
        state.withLock { $0.routes[path] = handler }
    }

    func route(prefix: String, handler: @escaping Handler) {
        state.withLock { state in
            state.prefixRoutes.removeAll { $0.prefix == prefix }
            state.prefixRoutes.append((prefix, handler))
            state.prefixRoutes.sort { $0.prefix.count > $1.prefix.count }
        }
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeFDs.write, &byte, 1)
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    static func unusedPort() -> UInt16 {
        let fd = socket(AF_INET, streamType, 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(wakeFDs.read)
        close(wakeFDs.write)
    }

    // MARK: Serving

    // Close-on-exec everywhere: the processes a test spawns (WebKit's) must not inherit them.
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif

    private static func makePipe(_ fds: inout [Int32]) -> Int32 {
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    private static func acceptConnection(_ fd: Int32) -> Int32 {
        let client = accept(fd, nil, nil)
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        return client
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Waits until `fd` is readable or the server stops; false when stopped (or timed out).
    private func waitReadable(_ fd: Int32, timeoutMilliseconds: Int32 = -1) -> Bool {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFDs.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&fds, 2, timeoutMilliseconds)
            if result < 0 && errno == EINTR { continue }
            if result <= 0 || fds[1].revents != 0 { return false }
            return fds[0].revents != 0
        }
    }

    private func acceptLoop() {
        defer {
            close(listenFD)
        }
        while waitReadable(listenFD) {
            let client = Self.acceptConnection(listenFD)
            if client < 0 { continue }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let request = readRequest(fd) else { return }
        let handler = state.withLock { state -> Handler? in
            state.requests.append(request)
            return state.routes[request.path]
                ?? state.prefixRoutes.first { request.path.hasPrefix($0.prefix) }?.handler
        }
        let response = handler?(request) ?? .text("Not found: \(request.path)", status: 404)
        if response.delay > .zero {
            let components = response.delay.components
            let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
            // Sleeps until the delay passes, or returns early when the server stops.
            _ = waitReadable(-1, timeoutMilliseconds: Int32(clamping: milliseconds))
            if isStopped { return }
        }
        var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        if request.method != "HEAD" { bytes.append(response.body.prefix(response.stallsAfter ?? Int.max)) }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
        if response.stallsAfter != nil {
            // Until the client hangs up (the socket turns readable at its end) or the server stops.
            _ = waitReadable(fd)
            return
        }
        shutdown(fd, Int32(SHUT_WR))
    }

    private func readRequest(_ fd: Int32) -> HTTPRequest? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            guard data.count < 1 << 20, waitReadable(fd, timeoutMilliseconds: 10_000) else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            data.append(buffer, count: count)
            headerEnd = data.range(of: separator)
        }
        guard let headerEnd, let head = String(data: data[..<headerEnd.lowerBound], encoding: .utf8) else {
            return nil
        }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(data[headerEnd.upperBound...])
        let expected = Int(headers["content-length"] ?? "") ?? 0
        while body.count < expected {
            guard waitReadable(fd, timeoutMilliseconds: 10_000) else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            body.append(buffer, count: count)
        }
        let target = String(parts[1])
        let question = target.firstIndex(of: "?")
        return HTTPRequest(
            method: String(parts[0]), path: question.map { String(target[..<$0]) } ?? target,
            query: question.map { String(target[target.index(after: $0)...]) }, headers: headers, body: body)
    }
}
