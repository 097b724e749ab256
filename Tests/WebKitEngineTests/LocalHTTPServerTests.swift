import Foundation
import LocalHTTPServer
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A blocking HTTP GET through URLSession, without following redirects.
private final class Fetcher: NSObject, URLSessionTaskDelegate, Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func get(_ url: URL, timeout: TimeInterval = 10) -> Response? {
        send(url, method: "GET", body: nil, timeout: timeout)
    }

    func send(_ url: URL, method: String, body: Data?, timeout: TimeInterval = 10) -> Response? {
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let result = Mutex<Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        request.httpMethod = method
        request.httpBody = body
        session.dataTask(with: request) { data, response, _ in
            if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
                let body = String(decoding: data ?? Data(), as: UTF8.self)
                result.withLock { $0 = Response(status: response.statusCode, headers: headers, body: body) }
            }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + timeout)
        return result.withLock { $0 }
    }
}

final class LocalHTTPServerTests: XCTestCase {
    func testServesRoutesRedirectsAndNotFound() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/hello", .text("hi"))
        server.route("/page", .page(title: "T", body: "b"))
        server.route("/moved", .redirect(to: "/hello", status: 301))
        server.route("/echo") { request in .text("\(request.method) \(request.path) \(request.query ?? "-")")
        }
        let fetcher = Fetcher()
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(server.port)")
        XCTAssertNotEqual(server.port, 0)

        let hello = fetcher.get(server.url("/hello"))
        XCTAssertEqual(hello?.status, 200)
        XCTAssertEqual(hello?.body, "hi")
        XCTAssertEqual(hello?.headers["content-type"], "text/plain; charset=utf-8")
        XCTAssertTrue(fetcher.get(server.url("page"))?.body.contains("<title>T</title>") ?? false)

        let moved = fetcher.get(server.url("/moved"))
        XCTAssertEqual(moved?.status, 301)
        XCTAssertEqual(moved?.headers["location"], "/hello")

        XCTAssertEqual(fetcher.get(server.url("/echo?x=1"))?.body, "GET /echo x=1")
        XCTAssertEqual(fetcher.get(server.url("/nothing-here"))?.status, 404)
        XCTAssertEqual(server.requestCount("/hello"), 1)
        XCTAssertEqual(server.requests.count, 5)
    }

    func testDelayedAnswerAndStop() throws {
        let server = try LocalHTTPServer()
        server.route("/slow", HTTPResponse.text("late").delayed(by: .milliseconds(200)))
        let fetcher = Fetcher()
        let start = ContinuousClock.now
        XCTAssertEqual(fetcher.get(server.url("/slow"))?.body, "late")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(190))

        server.stop()
        XCTAssertTrue(server.isStopped)
        XCTAssertNil(fetcher.get(server.url("/slow"), timeout: 5), "a stopped server answers nothing")
        server.stop()  // idempotent
    }

    func testPrefixRoutesAnswerFamiliesOfPathsAndSeeRequestBodies() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let beacons = Mutex<[String]>([])
        server.route(prefix: "/page/") { request in .text("page \(request.path.dropFirst("/page/".count))") }
        server.route(prefix: "/page/special/") { _ in .text("special") }
        server.route("/page/exact", .text("exact"))
        server.route(prefix: "/beacon/") { request in
            beacons.withLock { $0.append("\(request.method) \(request.path) \(request.body.count)") }
            return HTTPResponse(status: 204)
        }
        let fetcher = Fetcher()
        XCTAssertEqual(fetcher.get(server.url("/page/7"))?.body, "page 7")
        XCTAssertEqual(
            fetcher.get(server.url("/page/7?x=1"))?.body, "page 7", "the query is not part of the path")
        XCTAssertEqual(fetcher.get(server.url("/page/special/3"))?.body, "special", "the longest prefix wins")
        XCTAssertEqual(fetcher.get(server.url("/page/exact"))?.body, "exact", "a route of its own wins")
        XCTAssertEqual(fetcher.get(server.url("/pages"))?.status, 404)
        let beacon = fetcher.send(server.url("/beacon/3"), method: "POST", body: Data("ping".utf8))
        XCTAssertEqual(beacon?.status, 204)
        XCTAssertEqual(beacons.withLock { $0 }, ["POST /beacon/3 4"])
        XCTAssertEqual(server.requestCount("/beacon/3"), 1)
    }

    func testUnusedPortRefusesConnections() {
        let port = LocalHTTPServer.unusedPort()
        XCTAssertNotEqual(port, 0)
        XCTAssertNil(Fetcher().get(URL(string: "http://127.0.0.1:\(port)/")!, timeout: 5))
    }
}
