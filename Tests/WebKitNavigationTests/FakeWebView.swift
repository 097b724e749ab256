import Foundation
import Web
import WebKitNavigation

/// A web view whose properties a test sets, as WebKit would before emitting the signals.
@MainActor
final class FakeWebView: WebViewProperties {
    var uri: URL?
    var title = ""
    var estimatedProgress = 0.0
    var isLoading = false
    var mainResourceStatus: Int?
    var certificateErrors: CertificateStatus?
}
