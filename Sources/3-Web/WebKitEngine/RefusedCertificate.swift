import GLibSupport
import Web

/// A certificate WebKit refused ("load-failed-with-tls-errors"): the `GTlsCertificate` and
/// what is wrong with it, kept until the load's error page is made.
@MainActor
struct RefusedCertificate {
    let certificate: GObjectRef
    let status: CertificateStatus
}
