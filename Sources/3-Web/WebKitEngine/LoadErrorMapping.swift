import CWebKitGTK
import Foundation
import Web
import WebKitNavigation

/// Maps WebKit's load errors (GErrors) to ``WebLoadError``.
enum LoadErrorMapping {
    /// The error `error` (a `GError *`) for `url`; `tlsFailure` when WebKit reported TLS
    /// errors for this load just before.
    static func webLoadError(_ error: UnsafePointer<GError>, url: URL?, tlsFailure: Bool) -> WebLoadError {
        let domain = error.pointee.domain
        let code = Int(error.pointee.code)
        let domainName = g_quark_to_string(domain).map { String(cString: $0) } ?? "unknown"
        let message = error.pointee.message.map { String(cString: $0) } ?? "Load failed"
        return WebLoadError(
            kind: tlsFailure ? .tls : kind(domain: domain, code: code), domain: domainName, code: code,
            message: message, url: url)
    }

    static func kind(domain: GQuark, code: Int) -> WebLoadError.Kind {
        if domain == webkit_network_error_quark() {
            return code == Int(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue) ? .cancelled : .other
        }
        if domain == webkit_policy_error_quark() {
            return code == Int(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue)
                ? .cancelled : .other
        }
        if domain == g_tls_error_quark() { return .tls }
        if domain == g_resolver_error_quark() { return .unreachable }
        if domain == g_io_error_quark() {
            switch Int32(code) {
            case Int32(G_IO_ERROR_CANCELLED.rawValue): return .cancelled
            case Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue), Int32(G_IO_ERROR_HOST_UNREACHABLE.rawValue),
                Int32(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue), Int32(G_IO_ERROR_TIMED_OUT.rawValue),
                Int32(G_IO_ERROR_HOST_NOT_FOUND.rawValue), Int32(G_IO_ERROR_CONNECTION_CLOSED.rawValue),
                Int32(G_IO_ERROR_NOT_CONNECTED.rawValue):
                return .unreachable
            default: return .other
            }
        }
        return .other
    }

    /// Why `error` happened, read from its GError's domain (the quark's name) and code; a
    /// ``WebLoadError/Kind/tls`` failure after "load-failed-with-tls-errors" is the certificate's.
    static func reason(for error: WebLoadError) -> LoadFailureReason {
        let code = Int32(truncatingIfNeeded: error.code)
        if error.kind == .tls {
            let handshake =
                error.domain == name(g_tls_error_quark())
                && code != Int32(G_TLS_ERROR_BAD_CERTIFICATE.rawValue)
            return handshake ? .secureConnectionFailed : .certificate
        }
        switch error.domain {
        case name(g_resolver_error_quark()):
            return .nameNotResolved
        case name(g_io_error_quark()):
            switch code {
            case Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue): return .connectionRefused
            case Int32(G_IO_ERROR_TIMED_OUT.rawValue): return .timedOut
            case Int32(G_IO_ERROR_HOST_NOT_FOUND.rawValue): return .nameNotResolved
            case Int32(G_IO_ERROR_HOST_UNREACHABLE.rawValue), Int32(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue):
                return .networkUnreachable
            case Int32(G_IO_ERROR_CONNECTION_CLOSED.rawValue), Int32(G_IO_ERROR_BROKEN_PIPE.rawValue),
                Int32(G_IO_ERROR_NOT_CONNECTED.rawValue), Int32(G_IO_ERROR_PARTIAL_INPUT.rawValue):
                return .connectionReset
            case Int32(G_IO_ERROR_NOT_FOUND.rawValue): return .fileNotFound
            default: return .other
            }
        case name(webkit_network_error_quark()):
            switch code {
            case Int32(WEBKIT_NETWORK_ERROR_UNKNOWN_PROTOCOL.rawValue): return .unknownScheme
            case Int32(WEBKIT_NETWORK_ERROR_FILE_DOES_NOT_EXIST.rawValue): return .fileNotFound
            case Int32(WEBKIT_NETWORK_ERROR_TRANSPORT.rawValue): return .connectionReset
            default: return .other
            }
        case name(webkit_policy_error_quark()):
            switch code {
            case Int32(WEBKIT_POLICY_ERROR_CANNOT_SHOW_MIME_TYPE.rawValue),
                Int32(WEBKIT_POLICY_ERROR_CANNOT_SHOW_URI.rawValue):
                return .cannotShow
            case Int32(WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT.rawValue): return .restrictedPort
            default: return .other
            }
        case soupSessionErrorDomain where code == soupTooManyRedirects:
            return .tooManyRedirects
        case let domain
        where (domain.isEmpty || domain == "unknown") && error.message.contains(redirectLimitMessage):
            return .tooManyRedirects
        default:
            return .other
        }
    }

    /// libsoup's `SOUP_SESSION_ERROR` domain (WebKit's headers do not declare it) and its
    /// `SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS`.
    static let soupSessionErrorDomain = "soup-session-error-quark"
    static let soupTooManyRedirects: Int32 = 2
    /// WebKit's network process stops following redirects itself, with an error of no domain
    /// and code 0 that only its message tells apart ("Load cannot follow more than 20
    /// redirections", `NetworkDataTaskSoup.cpp`).
    static let redirectLimitMessage = "cannot follow more than"

    private static func name(_ quark: GQuark) -> String {
        g_quark_to_string(quark).map { String(cString: $0) } ?? ""
    }
}
