public import Foundation

/// What ``LocalHTTPServer`` answers to a request.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Extra headers (`Content-Length` and `Connection` are set by the server).
    public var headers: [String: String]
    public var body: Data
    /// How long the server waits before answering.
    public var delay: Duration
    /// When set, the server sends the headers (with the whole body's `Content-Length`) and
    /// this many bytes of the body, then sends nothing more until the client hangs up or the
    /// server stops: a download that stays under way.
    public var stallsAfter: Int?

    public init(
        status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    /// An HTML page (`text/html; charset=utf-8`).
    public static func html(_ html: String, status: Int = 200, delay: Duration = .zero) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8),
            delay: delay)
    }

    /// A small HTML page with a title and a body.
    public static func page(
        title: String, body: String = "", status: Int = 200, delay: Duration = .zero
    )
        -> HTTPResponse
    {
        html(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
                + "<body>\(body)</body></html>", status: status, delay: delay)
    }

    /// Plain text.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// A file to download: `body` as an attachment named `filename`
    /// (`Content-Disposition: attachment`).
    public static func attachment(
        _ body: Data, filename: String, contentType: String = "application/octet-stream"
    ) -> HTTPResponse {
        HTTPResponse(
            headers: [
                "Content-Type": contentType, "Content-Disposition": "attachment; filename=\"\(filename)\"",
            ],
            body: body)
    }

    /// A redirect to `location` (a path or an absolute URL).
    public static func redirect(to location: String, status: Int = 302) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location])
    }

    /// This response, stalling after `bytes` bytes of its body (``stallsAfter``).
    public func stalling(after bytes: Int) -> HTTPResponse {
        var response = self
        response.stallsAfter = bytes
        return response
    }

    /// This response, answered after `delay`.
    public func delayed(by delay: Duration) -> HTTPResponse {
        var response = self
        response.delay = delay
        return response
    }

    /// The standard reason phrase of `status`.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
