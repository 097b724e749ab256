public import Foundation

/// What is wrong with a certificate (GIO's `GTlsCertificateFlags`, Chromium's `CertStatus`):
/// empty for a certificate the engine trusts.
public struct CertificateStatus: OptionSet, Sendable, Hashable {
    /// The bits, GIO's values.
    public let rawValue: UInt32

    /// Creates a status from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Signed by an authority that is not trusted (a self-signed certificate, say).
    public static let unknownAuthority = CertificateStatus(rawValue: 1 << 0)
    /// Not valid for the host it was presented by.
    public static let badIdentity = CertificateStatus(rawValue: 1 << 1)
    /// Not valid yet.
    public static let notActivated = CertificateStatus(rawValue: 1 << 2)
    /// Expired.
    public static let expired = CertificateStatus(rawValue: 1 << 3)
    /// Revoked.
    public static let revoked = CertificateStatus(rawValue: 1 << 4)
    /// Uses an algorithm considered insecure.
    public static let insecure = CertificateStatus(rawValue: 1 << 5)
    /// Some other problem.
    public static let genericError = CertificateStatus(rawValue: 1 << 6)
}

/// The security of the committed page's connection (Chromium's `web::SSLStatus`): how it
/// was authenticated and what is wrong with its certificate. Engines set it when a page
/// commits (an error page for a certificate failure too) and report a change with
/// ``WebContentEvent/visibleSecurityStateChanged``.
public struct SSLStatus: Sendable, Equatable {
    /// How the page was authenticated (Chromium's `SecurityStyle`).
    public enum SecurityStyle: Sendable, Equatable {
        /// Nothing is known: no page, a page not loaded over the network (`about:`, `data:`,
        /// `file:`), or a tab not realized.
        case unknown
        /// Over a connection without TLS (plain HTTP).
        case unauthenticated
        /// Over TLS with a certificate that has problems (``SSLStatus/certificateStatus``), or
        /// an error page for a certificate that was refused.
        case authenticationBroken
        /// Over TLS with a certificate the engine trusts.
        case authenticated
    }

    /// How the page was authenticated.
    public var securityStyle: SecurityStyle
    /// What is wrong with the certificate (empty when nothing is, or without TLS).
    public var certificateStatus: CertificateStatus

    /// Creates a status.
    public init(securityStyle: SecurityStyle, certificateStatus: CertificateStatus = []) {
        self.securityStyle = securityStyle
        self.certificateStatus = certificateStatus
    }

    /// Nothing known.
    public static let unknown = SSLStatus(securityStyle: .unknown)

    /// The status of a page at `url` given what the engine says of its connection:
    /// `certificateErrors` nil when it was not over TLS, else what is wrong with the
    /// certificate (empty: trusted).
    public static func committed(url: URL?, certificateErrors: CertificateStatus?) -> SSLStatus {
        if let certificateErrors {
            return certificateErrors.isEmpty
                ? SSLStatus(securityStyle: .authenticated)
                : SSLStatus(securityStyle: .authenticationBroken, certificateStatus: certificateErrors)
        }
        switch url?.scheme?.lowercased() {
        case "http", "ws": return SSLStatus(securityStyle: .unauthenticated)
        default: return .unknown
        }
    }
}
