import CWebKitGTK
import Foundation

/// What a certificate error page shows of the server's certificate (Chromium's certificate
/// viewer, `chrome/browser/ui/views/certificate_viewer`, in brief): who it names, who issued
/// it, when it is valid and its SHA-256 fingerprint.
struct CertificateDetails: Sendable, Equatable {
    /// The subject's distinguished name ("CN=example.com").
    var subject: String
    /// The issuer's distinguished name.
    var issuer: String
    var notValidBefore: Date?
    var notValidAfter: Date?
    /// The SHA-256 digest of the DER certificate, as colon-separated upper-case hex pairs.
    var sha256Fingerprint: String

    /// The details of `certificate` (a `GTlsCertificate *`).
    init(_ certificate: UnsafeMutablePointer<GTlsCertificate>) {
        subject = Self.take(g_tls_certificate_get_subject_name(certificate))
        issuer = Self.take(g_tls_certificate_get_issuer_name(certificate))
        notValidBefore = Self.date(g_tls_certificate_get_not_valid_before(certificate))
        notValidAfter = Self.date(g_tls_certificate_get_not_valid_after(certificate))
        sha256Fingerprint = Self.fingerprint(certificate)
    }

    init(
        subject: String, issuer: String, notValidBefore: Date?, notValidAfter: Date?,
        sha256Fingerprint: String
    ) {
        self.subject = subject
        self.issuer = issuer
        self.notValidBefore = notValidBefore
        self.notValidAfter = notValidAfter
        self.sha256Fingerprint = sha256Fingerprint
    }

    /// The SHA-256 digest of the certificate's DER bytes (its "certificate" property).
    private static func fingerprint(_ certificate: UnsafeMutablePointer<GTlsCertificate>) -> String {
        var value = GValue()
        g_value_init(&value, g_byte_array_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(
            UnsafeMutableRawPointer(certificate).assumingMemoryBound(to: GObject.self), "certificate", &value)
        guard let der = g_value_get_boxed(&value)?.assumingMemoryBound(to: GByteArray.self),
            let checksum = g_compute_checksum_for_data(
                G_CHECKSUM_SHA256, der.pointee.data, gsize(der.pointee.len))
        else { return "" }
        defer { g_free(checksum) }
        let hex = Array(String(cString: checksum).uppercased())
        return stride(from: 0, to: hex.count, by: 2).map { String(hex[$0..<min($0 + 2, hex.count)]) }
            .joined(separator: ":")
    }

    private static func take(_ string: UnsafeMutablePointer<gchar>?) -> String {
        guard let string else { return "" }
        defer { g_free(string) }
        return String(cString: string)
    }

    private static func date(_ dateTime: OpaquePointer?) -> Date? {
        guard let dateTime else { return nil }
        defer { g_date_time_unref(dateTime) }
        return Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(dateTime)))
    }
}
