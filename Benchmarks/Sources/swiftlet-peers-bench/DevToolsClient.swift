import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The HTTP endpoints of Chromium's remote debugging server (`--remote-debugging-port=0`
/// writes the port it chose to `DevToolsActivePort` in the user data directory): the list of
/// tabs, opening one, and activating one. Used only to make Chromium's session: the measured runs never
/// open the port.
struct DevToolsClient {
    /// A tab (a `page` target).
    struct Tab {
        /// The target id.
        var id: String
        /// Its URL.
        var url: String
        /// Its title.
        var title: String
    }

    /// The server's port.
    let port: Int

    /// The client of the browser using `userDataDirectory`, once it has written its port.
    init?(userDataDirectory: URL) {
        let file = userDataDirectory.appendingPathComponent("DevToolsActivePort")
        guard let text = try? String(contentsOf: file, encoding: .utf8),
            let first = text.split(separator: "\n").first, let port = Int(first)
        else { return nil }
        self.port = port
    }

    /// The open tabs, or nil if the server did not answer.
    func tabs() -> [Tab]? {
        guard let data = request("GET", "/json/list"),
            let targets = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return nil }
        return targets.compactMap { target in
            guard target["type"] as? String == "page", let id = target["id"] as? String else { return nil }
            return Tab(id: id, url: target["url"] as? String ?? "", title: target["title"] as? String ?? "")
        }
    }

    /// Opens `url` in a new tab at the end of the window's, selected; whether the server said
    /// it did.
    func open(_ url: URL) -> Bool { request("PUT", "/json/new?\(url.absoluteString)") != nil }

    /// Selects the tab `id` in its window; whether the server said it did.
    func activate(_ id: String) -> Bool { request("GET", "/json/activate/\(id)") != nil }

    /// A request over a plain socket (the server's headers have no space after the colon,
    /// which URLSession's parser on Linux refuses); the body of a 200 answer, else nil.
    private func request(_ method: String, _ path: String) -> Data? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let request = Array(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = response.range(of: separator),
                let head = String(data: response[..<end.lowerBound], encoding: .utf8)
            {
                let lines = head.components(separatedBy: "\r\n")
                guard lines.first?.split(separator: " ").dropFirst().first == "200" else { return nil }
                let length = lines.dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first
                let body = response[end.upperBound...]
                if let length, body.count >= length { return Data(body.prefix(length)) }
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 {
                guard let end = response.range(of: separator) else { return nil }
                return Data(response[end.upperBound...])
            }
            response.append(buffer, count: count)
        }
    }
}
