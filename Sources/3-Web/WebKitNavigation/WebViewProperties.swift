public import Foundation
public import Web

/// The live properties of a web view that a ``WebKitNavigationMachine`` reads while it
/// handles a signal (a closed view has none: nil, empty, zero or false).
@MainActor
public protocol WebViewProperties: AnyObject {
    /// The view's URI: the pending one during a navigation, else the committed one.
    var uri: URL? { get }
    /// The title of the page.
    var title: String { get }
    /// WebKit's estimate of the load progress (0...1).
    var estimatedProgress: Double { get }
    /// Whether WebKit says the view is loading.
    var isLoading: Bool { get }
    /// The HTTP status of the main resource's response, if it has one.
    var mainResourceStatus: Int? { get }
    /// What is wrong with the certificate of the page's connection (WebKit's
    /// `webkit_web_view_get_tls_info`): nil when it was not over TLS, empty when trusted.
    var certificateErrors: CertificateStatus? { get }
}
