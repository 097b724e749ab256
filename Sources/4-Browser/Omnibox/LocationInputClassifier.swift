public import Foundation

/// Turns what the user typed in the location entry into the URL to load: the URL itself,
/// with a scheme added when it lacks one, or a search with the default search engine.
///
/// A URL is text with a known scheme (`https:`, `http:`, `file:`, `about:`, `data:`), or,
/// without one, text whose host part is `localhost`, an IPv4 address, a bracketed IPv6
/// address or a dotted name ending with a letters-only top-level domain, optionally with a
/// port, path, query and fragment. A name gets `https://`; `localhost` and IP addresses get
/// `http://` (local servers seldom have a certificate). Anything else — several words,
/// a single word, a number — is searched for.
public struct LocationInputClassifier: Sendable {
    /// What some input is.
    public enum Classification: Equatable, Sendable {
        /// A URL to load.
        case url(URL)
        /// A search: the search engine's URL for the text.
        case search(URL)
    }

    /// The schemes whose URLs are loaded as typed.
    public static let knownSchemes: Set<String> = ["http", "https", "file", "about", "data"]

    /// The placeholder of a search URL template that the search terms replace (Chromium's
    /// `{searchTerms}`, components/search_engines/template_url.cc).
    public static let searchTermsPlaceholder = "{searchTerms}"
    /// The template searched with when none is given or the given one is unusable (DuckDuckGo).
    public static let defaultSearchURLTemplate = "https://duckduckgo.com/?q={searchTerms}"

    private let searchURLTemplate: String

    /// Creates a classifier searching with `searchURLTemplate` (its `{searchTerms}` is
    /// replaced). A template without the placeholder, or that is not a URL, falls back to
    /// ``defaultSearchURLTemplate``.
    public init(searchURLTemplate: String = LocationInputClassifier.defaultSearchURLTemplate) {
        let probe = searchURLTemplate.replacingOccurrences(
            of: Self.searchTermsPlaceholder, with: "x")
        let valid =
            searchURLTemplate.contains(Self.searchTermsPlaceholder)
            && URL(string: probe)?.scheme.map { Self.knownSchemes.contains($0.lowercased()) } == true
        self.searchURLTemplate = valid ? searchURLTemplate : Self.defaultSearchURLTemplate
    }

    /// What `text` is, or nil for empty (or blank) text.
    public func classify(_ text: String) -> Classification? {
        let input = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !input.isEmpty else { return nil }
        if let url = Self.urlWithScheme(input) ?? Self.urlWithoutScheme(input) { return .url(url) }
        return .search(searchURL(for: input))
    }

    /// The URL to load for `text` (a URL or a search), or nil for empty text.
    public func url(for text: String) -> URL? {
        switch classify(text) {
        case .url(let url), .search(let url): url
        case nil: nil
        }
    }

    /// The search engine's URL for `terms`.
    public func searchURL(for terms: String) -> URL {
        var allowed = CharacterSet.alphanumerics.intersection(
            .init(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~ ")
        let encoded = (terms.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
            .replacingOccurrences(of: " ", with: "+")
        let text = searchURLTemplate.replacingOccurrences(
            of: Self.searchTermsPlaceholder, with: encoded)
        return URL(string: text)!
    }

    private static func urlWithScheme(_ input: String) -> URL? {
        guard let colon = input.firstIndex(of: ":") else { return nil }
        let scheme = input[..<colon].lowercased()
        guard knownSchemes.contains(scheme) else { return nil }
        let rest = input[input.index(after: colon)...]
        if scheme == "http" || scheme == "https" {
            guard rest.hasPrefix("//"), rest.count > 2 else { return nil }
        }
        guard let url = URL(string: input, encodingInvalidCharacters: true) else { return nil }
        return withRootPath(url)
    }

    private static func urlWithoutScheme(_ input: String) -> URL? {
        guard !input.contains(where: \.isWhitespace) else { return nil }
        let hostEnd = input.firstIndex { "/?#".contains($0) } ?? input.endIndex
        let hostAndPort = input[..<hostEnd]
        let host: Substring
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            host = hostAndPort[...close]
            guard isPort(hostAndPort[hostAndPort.index(after: close)...]) else { return nil }
        } else if let colon = hostAndPort.firstIndex(of: ":") {
            host = hostAndPort[..<colon]
            guard isPort(hostAndPort[colon...]) else { return nil }
        } else {
            host = hostAndPort
        }
        let scheme: String
        if host.lowercased() == "localhost" || isIPv4(host) || (host.hasPrefix("[") && host.count > 2) {
            scheme = "http"
        } else if isDomainName(host) {
            scheme = "https"
        } else {
            return nil
        }
        guard let url = URL(string: "\(scheme)://\(input)", encodingInvalidCharacters: true), url.host != nil
        else { return nil }
        return withRootPath(url)
    }

    /// `:` followed by 1 to 5 digits, or nothing.
    private static func isPort(_ text: Substring) -> Bool {
        guard !text.isEmpty else { return true }
        let digits = text.dropFirst()
        return text.first == ":" && (1...5).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
    }

    private static func isIPv4(_ host: Substring) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy {
                !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) && Int($0)! <= 255
            }
    }

    private static func isDomainName(_ host: Substring) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else {
            return false
        }
        return labels.allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    /// `https://example.org` as `https://example.org/`.
    private static func withRootPath(_ url: URL) -> URL {
        guard url.host != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.path.isEmpty
        else { return url }
        components.path = "/"
        return components.url ?? url
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
