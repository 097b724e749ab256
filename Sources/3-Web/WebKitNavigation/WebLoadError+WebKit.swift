public import Foundation
public import Web

extension WebLoadError {
    /// The error a committed page with HTTP status `status` (≥ 400) ended with.
    public static func httpStatus(_ status: Int, url: URL?) -> WebLoadError {
        WebLoadError(
            kind: .httpStatus(status), domain: "http", code: status, message: "HTTP \(status)", url: url)
    }

    /// The error of a load the web process went away under.
    public static func renderProcessGone(url: URL?) -> WebLoadError {
        WebLoadError(
            kind: .renderProcessGone, domain: "swiftlet", code: 0, message: "The web process went away",
            url: url)
    }
}
