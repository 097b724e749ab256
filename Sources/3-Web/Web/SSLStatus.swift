public import Foundation

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
