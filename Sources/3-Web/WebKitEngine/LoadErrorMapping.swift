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
}
