public import Foundation

/// A request ``LocalHTTPServer`` received.
public struct HTTPRequest: Sendable, Equatable {
    /// The method (`GET`, `POST`...).
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The query (after `?`), if any.
    public var query: String?
    /// The headers, names lowercased.
    public var headers: [String: String]
    public var body: Data

    public init(
        method: String, path: String, query: String? = nil, headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}
