import CWebKitGTK
import Foundation
import Web
import XCTest

@testable import WebKitEngine

/// A TLS server on 127.0.0.1 with a self-signed certificate: it completes (or fails) the
/// handshake and, once a client has let the certificate through, answers every request with
/// one small HTML page.
private final class SelfSignedTLSServer: @unchecked Sendable {
    // The pointers are used by the accept thread and by stop(); GIO objects are thread-safe
    // for this use (a cancellable cancelled from another thread).
    private let listener: UnsafeMutablePointer<GSocketListener>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    /// The server's certificate (a `GTlsCertificate *`).
    let certificate: UnsafeMutablePointer<GTlsCertificate>
    let port: UInt16

    /// What every request gets.
    static let page = "<!DOCTYPE html><title>Over TLS</title><p>encrypted</p>"

    init?(certificateFile: String, keyFile: String) {
        guard let certificate = g_tls_certificate_new_from_files(certificateFile, keyFile, nil) else {
            return nil
        }
        let listener = g_socket_listener_new()!
        let address = g_inet_socket_address_new_from_string("127.0.0.1", 0)!
        var effective: UnsafeMutablePointer<GSocketAddress>?
        let added = g_socket_listener_add_address(
            listener, address.withMemoryRebound(to: GSocketAddress.self, capacity: 1) { $0 },
            G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, nil, &effective, nil)
        g_object_unref(address)
        guard added != 0, let effective else {
            g_object_unref(listener)
            g_object_unref(certificate)
            return nil
        }
        port = g_inet_socket_address_get_port(
            UnsafeMutableRawPointer(effective).assumingMemoryBound(to: GInetSocketAddress.self))
        g_object_unref(effective)
        self.listener = listener
        self.certificate = certificate
        cancellable = g_cancellable_new()
        Thread { [self] in acceptLoop() }.start()
    }

    private func acceptLoop() {
        while let connection = g_socket_listener_accept(listener, nil, cancellable, nil) {
            let stream = UnsafeMutableRawPointer(connection).assumingMemoryBound(to: GIOStream.self)
            if let tls = g_tls_server_connection_new(stream, certificate, nil) {
                let connection = UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GTlsConnection.self)
                if g_tls_connection_handshake(connection, cancellable, nil) != 0 {
                    answer(UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GIOStream.self))
                }
                g_object_unref(tls)
            }
            g_object_unref(connection)
        }
    }

    /// Reads one request's head and answers it with ``page``.
    private func answer(_ stream: UnsafeMutablePointer<GIOStream>) {
        let input = g_io_stream_get_input_stream(stream)
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.range(of: Data("\r\n\r\n".utf8)) == nil, request.count < 1 << 16 {
            let count = g_input_stream_read(input, &buffer, gsize(buffer.count), cancellable, nil)
            if count <= 0 { return }
            request.append(buffer, count: count)
        }
        let body = Data(Self.page.utf8)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        let response = Data(head.utf8) + body
        _ = response.withUnsafeBytes {
            g_output_stream_write_all(
                g_io_stream_get_output_stream(stream), $0.baseAddress, gsize($0.count), nil, cancellable, nil)
        }
        _ = g_io_stream_close(stream, cancellable, nil)
    }

    func stop() {
        g_cancellable_cancel(cancellable)
        g_socket_listener_close(listener)
    }
}

final class TLSTests: WebKitTestCase, @unchecked Sendable {
    /// Makes a self-signed certificate for 127.0.0.1 with openssl, in the test's directory.
    private func makeCertificate() throws -> (certificate: String, key: String) {
        let certificate = profileDirectory.appendingPathComponent("cert.pem").path
        let key = profileDirectory.appendingPathComponent("key.pem").path
        _ = try runTool(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout",
                key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1",
            ], missing: "openssl is needed to make a test certificate")
        return (certificate, key)
    }

    /// A TLS server on 127.0.0.1 with a new self-signed certificate.
    private func startTLSServer() throws -> SelfSignedTLSServer {
        try startTLSServer(files: makeCertificate())
    }

    private func startTLSServer(files: (certificate: String, key: String)) throws -> SelfSignedTLSServer {
        try XCTUnwrap(
            SelfSignedTLSServer(certificateFile: files.certificate, keyFile: files.key),
            "could not start the TLS server")
    }

    /// The innerText of the page's element `selector` ("" when there is none).
    @MainActor
    private func text(_ selector: String, in content: WebKitWebContent) -> String {
        let script = "(function(){var e=document.querySelector('\(selector)');return e?e.innerText:'';})()"
        guard case .success(.string(let text)) = evaluate(script, in: content) else { return "" }
        return text
    }

    /// Loads `url` in a new content of `context` and tells whether the certificate was refused.
    @MainActor
    private func isRefused(_ url: URL, in context: WebKitEngineContext) -> Bool {
        let content = context.makeWebKitWebContent()
        defer { content.close() }
        let log = ContentEventLog(content)
        load(url, in: content, log: log)
        guard case .failure(let error) = log.lastPageLoaded else { return false }
        return error.kind == .tls
    }

    func testTheCertificateErrorPageShowsTheCertificateAndProceedingLetsItThroughForTheSession() throws {
        let files = try makeCertificate()
        let tlsServer = try startTLSServer(files: files)
        defer { tlsServer.stop() }
        let fingerprint =
            String(
                decoding: try runTool(
                    "openssl", ["x509", "-noout", "-fingerprint", "-sha256", "-in", files.certificate],
                    missing: "openssl is needed to read the test certificate"), as: UTF8.self
            ).split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        onMainActor {
            let context = makePersistentContext()
            let content = context.makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            let url = URL(string: "https://127.0.0.1:\(tlsServer.port)/secret")!
            load(url, in: content, log: log)
            wait("the error page") { content.title == "127.0.0.1" }
            wait("its text") { !text("h1", in: content).isEmpty }
            XCTAssertEqual(text("h1", in: content), "This connection is not secure")
            XCTAssertTrue(
                text("ul", in: content).contains("not issued by an authority"), text("ul", in: content))
            let table = text("table.certificate", in: content)
            XCTAssertTrue(table.contains("CN=127.0.0.1"), table)
            XCTAssertTrue(table.contains("Valid until"), table)
            XCTAssertFalse(fingerprint.isEmpty)
            XCTAssertTrue(table.contains(fingerprint), "\(table) has \(fingerprint)")
            XCTAssertEqual(
                text("button[data-swiftlet-action=proceed]", in: content), "Accept Risk and Proceed")

            let loaded = log.pageLoadedCount
            _ = evaluate("document.querySelector('[data-swiftlet-action=proceed]').click()", in: content)
            wait("the page") { log.pageLoadedCount > loaded }
            XCTAssertEqual(log.lastPageLoaded, .success)
            wait("its title") { content.title == "Over TLS" }
            XCTAssertEqual(
                content.sslStatus,
                SSLStatus(securityStyle: .authenticationBroken, certificateStatus: .unknownAuthority),
                "the page keeps the warning")
            XCTAssertEqual(content.history.items.count, 1)

            // For the rest of the session: another tab of the profile loads it at once…
            XCTAssertFalse(isRefused(url, in: context))
            // …but not an incognito profile's, which has exceptions of its own…
            XCTAssertTrue(isRefused(url, in: engine.makeWebKitContext(storage: .ephemeral)))
            // …nor the profile at its next launch (a new network session on the same files).
            XCTAssertTrue(isRefused(url, in: makePersistentContext()))
        }
    }

    func testUntrustedCertificateFailsTheLoadAsTLS() throws {
        let tlsServer = try startTLSServer()
        defer { tlsServer.stop() }
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            let url = URL(string: "https://127.0.0.1:\(tlsServer.port)/secret")!
            load(url, in: content, log: log)
            guard case .failure(let error) = log.lastPageLoaded else {
                return XCTFail("expected a failed load: \(log.events)")
            }
            XCTAssertEqual(error.kind, .tls, "\(error)")
            XCTAssertEqual(error.url, url)
            XCTAssertEqual(log.finishedNavigations.last?.hasCommitted, false)
            wait("the error page") { content.title == "127.0.0.1" }
            XCTAssertEqual(
                content.sslStatus,
                SSLStatus(securityStyle: .authenticationBroken, certificateStatus: .unknownAuthority),
                "the error page of a refused certificate")
            XCTAssertTrue(log.events.contains("visibleSecurityStateChanged"), "\(log.events)")
            let text = try? evaluate("document.body.innerText", in: content)?.get()
            XCTAssertTrue("\(String(describing: text))".contains("not secure"), "\(String(describing: text))")
        }
    }

    func testACertificateLetThroughCommitsThePageWithItsProblemsKnown() throws {
        let tlsServer = try startTLSServer()
        defer { tlsServer.stop() }
        onMainActor {
            let context = makePersistentContext()
            webkit_network_session_allow_tls_certificate_for_host(
                context.session.opaque, tlsServer.certificate, "127.0.0.1")
            let content = context.makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(URL(string: "https://127.0.0.1:\(tlsServer.port)/page")!, in: content, log: log)
            XCTAssertEqual(log.lastPageLoaded, .success)
            wait("the page's title") { content.title == "Over TLS" }
            XCTAssertEqual(
                content.sslStatus,
                SSLStatus(securityStyle: .authenticationBroken, certificateStatus: .unknownAuthority),
                "WebKit's TLS information keeps what is wrong with the certificate")

            // Then a page over plain HTTP: not authenticated.
            load(server.url("/a"), in: content, log: log)
            XCTAssertEqual(content.sslStatus, SSLStatus(securityStyle: .unauthenticated))
        }
    }

    func testAPageOverPlainHTTPIsNotAuthenticatedAndAboutBlankIsUnknown() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            XCTAssertEqual(content.sslStatus, .unknown)
            load(server.url("/a"), in: content, log: log)
            XCTAssertEqual(content.sslStatus, SSLStatus(securityStyle: .unauthenticated))
            let events = log.events
            let finish = events.firstIndex { $0.hasPrefix("didFinishNavigation") }
            let security = events.firstIndex(of: "visibleSecurityStateChanged")
            XCTAssertNotNil(finish, "\(events)")
            XCTAssertNotNil(security, "\(events)")
            if let finish, let security {
                XCTAssertEqual(security, finish + 1, "right after the commit: \(events)")
            }
            load(URL(string: "about:blank")!, in: content, log: log)
            XCTAssertEqual(content.sslStatus, .unknown)
        }
    }
}
