import Foundation
import Web

/// The page shown in place of one that could not be loaded.
enum ErrorPage {
    /// An HTML document describing `error`.
    static func html(for error: WebLoadError) -> String {
        let heading =
            switch error.kind {
            case .unreachable: "This site can’t be reached"
            case .tls: "This connection is not secure"
            case .httpStatus(let status): "This page isn’t working (HTTP \(status))"
            case .renderProcessGone: "This page stopped working"
            case .cancelled, .other: "This page could not be loaded"
            }
        let host = error.url?.host ?? error.url?.absoluteString ?? ""
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(escape(host.isEmpty ? heading : host))</title>
            <style>body{font-family:sans-serif;margin:4em auto;max-width:40em;color:#333}
            code{color:#777}</style></head>
            <body><h1>\(escape(heading))</h1><p>\(escape(error.url?.absoluteString ?? ""))</p>
            <p>\(escape(error.message))</p><p><code>\(escape(error.domain)) \(error.code)</code></p></body></html>
            """
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
