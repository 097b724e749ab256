public import Foundation

/// A URL as the location bar's rows show it and as its index matches typed text against
/// (Chromium's `url_formatter::FormatUrl` with the omnibox's flags: scheme and `www.` omitted,
/// the host's Unicode form, the path unescaped, a bare `/` trimmed).
public enum URLDisplayFormatter {
    /// `https://www.xn--bcher-kva.example/caf%C3%A9` as `bücher.example/café`. URLs of other
    /// schemes than http and https keep their scheme.
    public static func displayString(for url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let rawHost = components.percentEncodedHost, !rawHost.isEmpty
        else { return unescaped(url.absoluteString) }
        // Foundation may give a Unicode host percent-encoded, or its `xn--` form.
        let unicodeHost = rawHost.utf8.contains(UInt8(ascii: "%")) ? rawHost.removingPercentEncoding : nil
        var host = Punycode.decodedHost(unicodeHost ?? rawHost)
        if host.lowercased().hasPrefix("www.") { host.removeFirst(4) }
        var text = host
        if let port = components.port { text += ":\(port)" }
        var rest = components.percentEncodedPath
        if let query = components.percentEncodedQuery { rest += "?" + query }
        if let fragment = components.percentEncodedFragment { rest += "#" + fragment }
        if rest != "/" { text += unescaped(rest) }
        return text
    }

    /// The scheme and `www.` a display string omits (`https://www.`), so that what someone
    /// typed with them can be matched against the display string.
    public static func omittedPrefix(of url: URL) -> String {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return "" }
        let www = url.host?.lowercased().hasPrefix("www.") == true ? "www." : ""
        return "\(scheme)://\(www)"
    }

    /// `text` with its escapes decoded when that gives readable text; as it is when they
    /// encode invalid UTF-8, spaces or control characters (which would let a URL look like
    /// another).
    private static func unescaped(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")), let decoded = text.removingPercentEncoding,
            !decoded.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.properties.isWhitespace
                    || $0.properties.generalCategory == .format
            })
        else { return text }
        return decoded
    }
}
