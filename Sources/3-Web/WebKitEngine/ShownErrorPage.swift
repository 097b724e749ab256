import Foundation
import GLibSupport

/// The error page a ``WebKitWebContent`` shows (or is loading): the token its buttons must
/// send (``ErrorPageScript``), the URL that failed and the refused certificate (a
/// `GTlsCertificate`), if that was why.
@MainActor
final class ShownErrorPage {
    let token: String
    let url: URL
    let certificate: GObjectRef?

    init(token: String, url: URL, certificate: GObjectRef?) {
        self.token = token
        self.url = url
        self.certificate = certificate
    }
}
