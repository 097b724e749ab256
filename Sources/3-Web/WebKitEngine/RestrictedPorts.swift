import CWebKitGTK
import Foundation
import Web

/// The ports browsers do not connect to over HTTP: the Fetch standard's "bad port" list
/// (https://fetch.spec.whatwg.org/#port-blocking; Chromium's `net/base/port_util.cc`).
///
/// WebKitGTK refuses them too, but it then commits `about:blank` as a successful load instead
/// of failing (seen with WebKitGTK 2.50), so the tab showed an empty page and an empty location
/// bar. The content keeps that page's commit from the navigation and fails the load when it
/// finishes, which shows the error page.
enum RestrictedPorts {
    static let ports: Set<Int> = [
        0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
        103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
        512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
        995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
        6669, 6679, 6697, 10080,
    ]

    /// Whether `url` is an http(s) URL with a restricted port given explicitly.
    static func isRestricted(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let port = url.port
        else { return false }
        return ports.contains(port)
    }

    /// The load error WebKit would report for `url`.
    static func error(for url: URL) -> WebLoadError {
        let code = Int(WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT.rawValue)
        return WebLoadError(
            kind: LoadErrorMapping.kind(domain: webkit_policy_error_quark(), code: code),
            domain: g_quark_to_string(webkit_policy_error_quark()).map { String(cString: $0) } ?? "unknown",
            code: code, message: "Not allowed to use restricted network port", url: url)
    }
}
