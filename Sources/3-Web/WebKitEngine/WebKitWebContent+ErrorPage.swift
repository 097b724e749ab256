import CWebKitGTK
import Foundation
import GLibSupport
import Web

/// The error page a content shows for a failed load, and what its buttons do.
///
/// A refused certificate ("load-failed-with-tls-errors") is kept until the load's error page
/// is made, which shows its details; "Accept Risk and Proceed" lets it through for its host in
/// the content's network session (`webkit_network_session_allow_tls_certificate_for_host`),
/// which lasts as long as the session: never written to disk, and an incognito profile's
/// session has exceptions of its own. Chromium keeps such decisions in memory too
/// (`StatefulSSLHostStateDelegate`, until the browser quits).
extension WebKitWebContent {
    /// The certificate and its problems from "load-failed-with-tls-errors" (args: view,
    /// failing URI, `GTlsCertificate *`, `GTlsCertificateFlags`).
    func tlsLoadFailed(_ args: SignalArguments) {
        let status = Self.certificateStatus(args.flags(at: 3))
        refusedCertificate = args.object(at: 2).map {
            RefusedCertificate(certificate: GObjectRef(retaining: $0), status: status)
        }
        navigation.handle(.loadFailedWithTLSErrors(status))
    }

    /// Shows the error page of `error` in place of `uri`.
    func showErrorPage(for error: WebLoadError, uri: String) {
        guard let view = webViewPointer else { return }
        let refused = error.kind == .tls ? refusedCertificate : nil
        refusedCertificate = nil
        let page = ShownErrorPage(
            token: UUID().uuidString, url: error.url ?? URL(string: uri) ?? URL(string: "about:blank")!,
            certificate: refused?.certificate)
        shownErrorPage = page
        let certificate = refused.map {
            ErrorPage.Certificate(
                details: CertificateDetails($0.certificate.typed(GTlsCertificate.self)), status: $0.status)
        }
        let html = ErrorPage.html(
            for: error, reason: certificate == nil ? LoadErrorMapping.reason(for: error) : .certificate,
            token: page.token, certificate: certificate)
        webkit_web_view_load_alternate_html(view, html, uri, nil)
    }

    /// A load started: an error page no longer on show forgets its token (its buttons do
    /// nothing afterwards).
    func loadStartedForErrorPage() {
        if !navigation.isLoadingErrorPage {
            shownErrorPage = nil
            refusedCertificate = nil
        }
    }

    /// A message of ``ErrorPageScript``: "<token> <action>".
    func errorPageMessage(_ message: String) {
        let parts = message.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let page = shownErrorPage, parts[0] == page.token,
            let action = ErrorPage.Action(rawValue: parts[1])
        else { return }
        switch action {
        case .retry:
            load(page.url)
        case .proceed:
            guard let certificate = page.certificate, let host = page.url.host, !host.isEmpty else { return }
            webkit_network_session_allow_tls_certificate_for_host(
                context.session.opaque, certificate.typed(GTlsCertificate.self), host)
            load(page.url)
        }
    }
}
