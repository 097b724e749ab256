public import Foundation

/// The scheme, host and port a page was loaded from (Chromium's `url::Origin`,
/// `url/origin.h`): what permissions and content settings are kept per. Only network
/// origins (http, https) have one here; a `file:`, `data:` or `about:` page has none, and its
/// permission requests are denied.
public struct Origin: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased.
    public let host: String
    /// The port, the scheme's default one when the URL names none.
    public let port: Int

    /// The origin of `url`, or nil when it is not an http(s) URL with a host.
    public init?(url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// The origin an origin's serialization (``serialized``) names, or nil.
    public init?(serialized: String) {
        guard let url = URL(string: serialized), let origin = Origin(url: url),
            origin.serialized == serialized
        else { return nil }
        self = origin
    }

    /// `scheme://host:port`, always with the port (the key content settings are stored by,
    /// as Chromium's pattern strings are).
    public var serialized: String { "\(scheme)://\(hostForURL):\(port)" }

    /// What a person is shown: the host, with the port when it is not the scheme's default
    /// ("127.0.0.1:8000", "example.com").
    public var displayName: String {
        port == (scheme == "https" ? 443 : 80) ? hostForURL : "\(hostForURL):\(port)"
    }

    public var description: String { serialized }

    public static func < (lhs: Origin, rhs: Origin) -> Bool {
        (lhs.host, lhs.scheme, lhs.port) < (rhs.host, rhs.scheme, rhs.port)
    }

    /// The host as written in a URL (an IPv6 address in brackets).
    private var hostForURL: String { host.contains(":") ? "[\(host)]" : host }
}
