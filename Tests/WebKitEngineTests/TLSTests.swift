import CWebKitGTK
import Foundation
import Web
import WebKitEngine
import XCTest

/// A TLS server on 127.0.0.1 with a self-signed certificate: it completes (or fails) the
/// handshake and answers nothing, which is all a certificate check needs.
private final class SelfSignedTLSServer: @unchecked Sendable {
    // The pointers are used by the accept thread and by stop(); GIO objects are thread-safe
    // for this use (a cancellable cancelled from another thread).
    private let listener: UnsafeMutablePointer<GSocketListener>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private let certificate: UnsafeMutablePointer<GTlsCertificate>
    let port: UInt16

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
                _ = g_tls_connection_handshake(
                    UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GTlsConnection.self), cancellable,
                    nil)
                g_object_unref(tls)
            }
            g_object_unref(connection)
        }
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
        guard
            let openssl = ["/usr/bin/openssl", "/bin/openssl"].first(
                where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("openssl is needed to make a test certificate") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
            key, "-out", certificate, "-days",
            "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return (certificate, key)
    }

    func testUntrustedCertificateFailsTheLoadAsTLS() throws {
        let files = try makeCertificate()
        guard let tlsServer = SelfSignedTLSServer(certificateFile: files.certificate, keyFile: files.key)
        else {
            return XCTFail("could not start the TLS server")
        }
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
            let text = try? evaluate("document.body.innerText", in: content)?.get()
            XCTAssertTrue("\(String(describing: text))".contains("not secure"), "\(String(describing: text))")
        }
    }
}
