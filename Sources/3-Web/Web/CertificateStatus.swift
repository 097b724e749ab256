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
    public static let expired = CertificateStatus(rawValue: 1 << 3)
    public static let revoked = CertificateStatus(rawValue: 1 << 4)
    /// Uses an algorithm considered insecure.
    public static let insecure = CertificateStatus(rawValue: 1 << 5)
    /// Some other problem.
    public static let genericError = CertificateStatus(rawValue: 1 << 6)
}
