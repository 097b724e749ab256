import CWebKitGTK
import Foundation
import Web
import XCTest

@testable import WebKitEngine

final class LoadErrorMappingTests: XCTestCase {
    private func map(_ domain: GQuark, _ code: Int32, tls: Bool = false) -> WebLoadError {
        let error = g_error_new_literal(domain, code, "message")!
        defer { g_error_free(error) }
        return LoadErrorMapping.webLoadError(
            error, url: URL(string: "https://example.test/"), tlsFailure: tls)
    }

    func testKinds() {
        XCTAssertEqual(
            map(g_io_error_quark(), Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue)).kind, .unreachable)
        XCTAssertEqual(map(g_io_error_quark(), Int32(G_IO_ERROR_TIMED_OUT.rawValue)).kind, .unreachable)
        XCTAssertEqual(
            map(g_resolver_error_quark(), Int32(G_RESOLVER_ERROR_NOT_FOUND.rawValue)).kind, .unreachable)
        XCTAssertEqual(map(g_io_error_quark(), Int32(G_IO_ERROR_CANCELLED.rawValue)).kind, .cancelled)
        XCTAssertEqual(
            map(webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue)).kind, .cancelled
        )
        XCTAssertEqual(
            map(
                webkit_policy_error_quark(),
                Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue)
            ).kind, .cancelled)
        XCTAssertEqual(map(g_tls_error_quark(), Int32(G_TLS_ERROR_BAD_CERTIFICATE.rawValue)).kind, .tls)
        XCTAssertEqual(
            map(webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_FAILED.rawValue)).kind, .other)
        // "load-failed-with-tls-errors" came first: whatever the error, it is a TLS failure.
        XCTAssertEqual(
            map(webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_FAILED.rawValue), tls: true).kind,
            .tls)
    }

    func testErrorCarriesDomainCodeMessageAndURL() {
        let error = map(g_io_error_quark(), Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue))
        XCTAssertEqual(error.domain, "g-io-error-quark")
        XCTAssertEqual(error.code, Int(G_IO_ERROR_CONNECTION_REFUSED.rawValue))
        XCTAssertEqual(error.message, "message")
        XCTAssertEqual(error.url, URL(string: "https://example.test/"))
    }

    func testErrorPageEscapesWhatItShows() {
        let html = ErrorPage.html(
            for: WebLoadError(
                kind: .unreachable, message: "<script>x</script>", url: URL(string: "http://a.test/")),
            reason: .other, token: "t\"ok")
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertTrue(html.contains("&lt;script&gt;"))
        XCTAssertTrue(html.contains("<title>a.test</title>"))
    }

    func testReasonsFromWebKitsErrors() {
        func reason(_ domain: GQuark, _ code: Int32, message: String = "message") -> LoadFailureReason {
            let error = g_error_new_literal(domain, code, message)!
            defer { g_error_free(error) }
            return LoadErrorMapping.reason(
                for: LoadErrorMapping.webLoadError(
                    error, url: URL(string: "https://example.test/"), tlsFailure: false))
        }
        let table: [(GQuark, Int32, LoadFailureReason)] = [
            (g_resolver_error_quark(), Int32(G_RESOLVER_ERROR_NOT_FOUND.rawValue), .nameNotResolved),
            (g_resolver_error_quark(), Int32(G_RESOLVER_ERROR_TEMPORARY_FAILURE.rawValue), .nameNotResolved),
            (g_io_error_quark(), Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue), .connectionRefused),
            (g_io_error_quark(), Int32(G_IO_ERROR_TIMED_OUT.rawValue), .timedOut),
            (g_io_error_quark(), Int32(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue), .networkUnreachable),
            (g_io_error_quark(), Int32(G_IO_ERROR_CONNECTION_CLOSED.rawValue), .connectionReset),
            (g_tls_error_quark(), Int32(G_TLS_ERROR_BAD_CERTIFICATE.rawValue), .certificate),
            (g_tls_error_quark(), Int32(G_TLS_ERROR_HANDSHAKE.rawValue), .secureConnectionFailed),
            (
                webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_UNKNOWN_PROTOCOL.rawValue),
                .unknownScheme
            ),
            (
                webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_FILE_DOES_NOT_EXIST.rawValue),
                .fileNotFound
            ),
            (
                webkit_policy_error_quark(), Int32(WEBKIT_POLICY_ERROR_CANNOT_SHOW_MIME_TYPE.rawValue),
                .cannotShow
            ),
            (
                webkit_policy_error_quark(), Int32(WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT.rawValue),
                .restrictedPort
            ),
            (webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_FAILED.rawValue), .other),
        ]
        for (domain, code, expected) in table {
            XCTAssertEqual(
                reason(domain, code), expected, "\(String(cString: g_quark_to_string(domain))) \(code)")
        }
    }

    func testWebKitsOwnRedirectLimitIsTooManyRedirects() {
        let loop = WebLoadError(
            kind: .other, domain: "", code: 0, message: "Load cannot follow more than 20 redirections")
        XCTAssertEqual(LoadErrorMapping.reason(for: loop), .tooManyRedirects)
        XCTAssertEqual(
            LoadErrorMapping.reason(for: WebLoadError(kind: .other, domain: "", code: 0, message: "other")),
            .other)
    }
}
