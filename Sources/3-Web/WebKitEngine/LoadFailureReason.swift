/// Why a load failed, in the terms of the network errors Chromium's error pages speak of
/// (`net/base/net_error_list.h`, worded by `components/error_page/common/localized_error.cc`):
/// what ``ErrorPage`` tells the user. ``LoadErrorMapping/reason(domain:code:)`` finds it from
/// WebKit's error.
enum LoadFailureReason: Sendable, Equatable, CaseIterable {
    /// The host name could not be resolved (`ERR_NAME_NOT_RESOLVED`).
    case nameNotResolved
    /// The server refused the connection (`ERR_CONNECTION_REFUSED`).
    case connectionRefused
    /// The connection was reset or closed before an answer (`ERR_CONNECTION_RESET`).
    case connectionReset
    /// The server took too long to answer (`ERR_CONNECTION_TIMED_OUT`).
    case timedOut
    /// No network reaches the host (`ERR_INTERNET_DISCONNECTED`, `ERR_ADDRESS_UNREACHABLE`).
    case networkUnreachable
    /// The server's certificate was refused (`ERR_CERT_*`).
    case certificate
    /// The TLS handshake failed for another reason (`ERR_SSL_PROTOCOL_ERROR`).
    case secureConnectionFailed
    /// Redirects went round in circles (`ERR_TOO_MANY_REDIRECTS`).
    case tooManyRedirects
    /// The address's scheme is not one the browser loads (`ERR_UNKNOWN_URL_SCHEME`).
    case unknownScheme
    /// A local file that does not exist (`ERR_FILE_NOT_FOUND`).
    case fileNotFound
    /// A response the browser cannot show, and a download was not asked for
    /// (`ERR_BLOCKED_BY_RESPONSE`).
    case cannotShow
    /// A port browsers refuse to connect to (`ERR_UNSAFE_PORT`).
    case restrictedPort
    /// Anything else (`ERR_FAILED`).
    case other

    /// Chromium's name of the error, shown in the page's technical details.
    var errorName: String {
        switch self {
        case .nameNotResolved: "ERR_NAME_NOT_RESOLVED"
        case .connectionRefused: "ERR_CONNECTION_REFUSED"
        case .connectionReset: "ERR_CONNECTION_RESET"
        case .timedOut: "ERR_CONNECTION_TIMED_OUT"
        case .networkUnreachable: "ERR_INTERNET_DISCONNECTED"
        case .certificate: "ERR_CERT_INVALID"
        case .secureConnectionFailed: "ERR_SSL_PROTOCOL_ERROR"
        case .tooManyRedirects: "ERR_TOO_MANY_REDIRECTS"
        case .unknownScheme: "ERR_UNKNOWN_URL_SCHEME"
        case .fileNotFound: "ERR_FILE_NOT_FOUND"
        case .cannotShow: "ERR_BLOCKED_BY_RESPONSE"
        case .restrictedPort: "ERR_UNSAFE_PORT"
        case .other: "ERR_FAILED"
        }
    }
}
