import Foundation
import Web

/// The page shown in place of one that could not be loaded
/// (`webkit_web_view_load_alternate_html`): what happened in words, what to try, a Try Again
/// button and, small, the engine's own error. It follows Chromium's network error pages
/// (`components/error_page/common/localized_error.cc`) and, for a refused certificate, its
/// SSL interstitial (`components/security_interstitials/core/ssl_error_ui.cc`): what is wrong
/// with the certificate, its details, and "Accept Risk and Proceed".
///
/// The buttons carry `data-swiftlet-action`; ``ErrorPageScript``, in a script world of its
/// own, turns a click on them into a message with the page's `token` (on the root element),
/// so that no other page can ask for what they do.
enum ErrorPage {
    /// A certificate the error page shows: its details and what is wrong with it.
    struct Certificate: Sendable, Equatable {
        var details: CertificateDetails
        var status: CertificateStatus
    }

    /// The button actions, the values of `data-swiftlet-action`.
    enum Action: String, Sendable {
        /// Load the page again.
        case retry
        /// Let the certificate through for the host, for this session, and load the page.
        case proceed
    }

    /// What the page says of `error`.
    struct Text: Sendable, Equatable {
        var heading: String
        /// One sentence; the host, if any, appears in it in bold.
        var summary: String
        var suggestions: [String]
    }

    /// What the page says about a failure for `reason` at `url`.
    static func text(for reason: LoadFailureReason, url: URL?) -> Text {
        let host = displayHost(url)
        switch reason {
        case .nameNotResolved:
            return Text(
                heading: "This site can’t be reached",
                summary: "\(host)’s server address could not be found.",
                suggestions: [
                    "Check the address for a typo.", "Check that the computer is connected to the network.",
                ])
        case .connectionRefused:
            return Text(
                heading: "This site can’t be reached", summary: "\(host) refused to connect.",
                suggestions: [
                    "Check the address, and the port in it.", "The site may be down: try again in a moment.",
                ])
        case .connectionReset:
            return Text(
                heading: "This site can’t be reached", summary: "The connection to \(host) was interrupted.",
                suggestions: [
                    "Try again in a moment.", "Check that the computer is connected to the network.",
                ])
        case .timedOut:
            return Text(
                heading: "This site can’t be reached", summary: "\(host) took too long to respond.",
                suggestions: [
                    "Try again in a moment.", "Check that the computer is connected to the network.",
                ])
        case .networkUnreachable:
            return Text(
                heading: "No network", summary: "No network connection reaches \(host).",
                suggestions: [
                    "Check the network cables, modem and router.", "Reconnect to Wi-Fi.",
                ])
        case .certificate:
            return Text(
                heading: "This connection is not secure",
                summary:
                    "Someone might be pretending to be \(host) to steal what you send it (passwords, messages, card numbers).",
                suggestions: [])
        case .secureConnectionFailed:
            return Text(
                heading: "This connection is not secure",
                summary: "\(host) did not set up a secure connection.",
                suggestions: ["The site may be misconfigured: try again later."])
        case .tooManyRedirects:
            return Text(
                heading: "This page isn’t working", summary: "\(host) redirected you too many times.",
                suggestions: ["Try again in a moment: the site may be fixing it."])
        case .unknownScheme:
            let scheme = url?.scheme.map { "“\($0):”" } ?? "these"
            return Text(
                heading: "This address can’t be opened",
                summary: "Swiftlet does not open \(scheme) addresses.",
                suggestions: ["Check the address for a typo."])
        case .fileNotFound:
            return Text(
                heading: "This file can’t be found",
                summary: "\(url.map { $0.isFileURL ? $0.path : host } ?? host) does not exist.",
                suggestions: ["It may have been moved, renamed or deleted."])
        case .cannotShow:
            return Text(
                heading: "This page can’t be shown", summary: "\(host) sent something Swiftlet cannot show.",
                suggestions: [])
        case .restrictedPort:
            return Text(
                heading: "This site can’t be reached",
                summary: "\(host) uses a port that browsers do not connect to, for your safety.",
                suggestions: ["Check the address, and the port in it."])
        case .other:
            return Text(
                heading: "This page couldn’t be loaded", summary: "Something went wrong loading \(host).",
                suggestions: ["Try again in a moment."])
        }
    }

    /// What is wrong with a certificate, one sentence per problem.
    static func problems(of certificate: Certificate, host: String) -> [String] {
        let status = certificate.status
        var problems: [String] = []
        if status.contains(.unknownAuthority) {
            problems.append(
                "It was not issued by an authority this computer trusts: it may be self-signed.")
        }
        if status.contains(.badIdentity) { problems.append("It belongs to another site, not \(host).") }
        if status.contains(.expired) {
            problems.append(
                "It expired" + (certificate.details.notValidAfter.map { " on \(format($0))" } ?? "") + ".")
        }
        if status.contains(.notActivated) {
            problems.append(
                "It is not valid yet"
                    + (certificate.details.notValidBefore.map { " (from \(format($0)))" } ?? "") + ".")
        }
        if status.contains(.revoked) { problems.append("Its issuer revoked it.") }
        if status.contains(.insecure) { problems.append("It uses an algorithm that is no longer secure.") }
        if status.contains(.genericError) || problems.isEmpty {
            problems.append("It could not be checked.")
        }
        return problems
    }

    /// An HTML document describing `error` (whose cause is `reason`), with buttons for
    /// ``ErrorPageScript`` under `token`; `certificate` for a refused certificate.
    static func html(
        for error: WebLoadError, reason: LoadFailureReason, token: String, certificate: Certificate? = nil
    ) -> String {
        let text = text(for: reason, url: error.url)
        let host = displayHost(error.url)
        let title = error.url?.host.flatMap { $0.isEmpty ? nil : $0 } ?? text.heading
        var body = "<main>\(icon(warning: reason == .certificate))<h1>\(escape(text.heading))</h1>"
        body += "<p class=\"summary\">\(bold(host, in: text.summary))</p>"
        if !text.suggestions.isEmpty {
            body += "<p>Try:</p><ul>" + text.suggestions.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        if let certificate {
            body += "<h2>What is wrong with its certificate</h2><ul>"
            body += problems(of: certificate, host: host).map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
            body += certificateTable(certificate.details)
        }
        body += "<div class=\"actions\">"
        body += button(.retry, "Try Again", style: "suggested")
        if certificate != nil { body += button(.proceed, "Accept Risk and Proceed", style: "destructive") }
        body += "</div>"
        let errorName = certificate.map { certificateErrorName($0.status) } ?? reason.errorName
        body += "<p class=\"details\">\(escape(errorName)): \(escape(error.message))"
        if !error.domain.isEmpty { body += " (\(escape(error.domain)) \(error.code))" }
        body += "</p></main>"
        return """
            <!DOCTYPE html>
            <html data-swiftlet-error-page="\(escape(token))"><head><meta charset="utf-8">
            <meta name="color-scheme" content="light dark"><title>\(escape(title))</title>
            <style>\(style)</style></head><body>\(body)</body></html>
            """
    }

    /// Chromium's name of the first problem of a certificate (`net/cert/cert_status_flags.cc`).
    static func certificateErrorName(_ status: CertificateStatus) -> String {
        if status.contains(.revoked) { return "ERR_CERT_REVOKED" }
        if status.contains(.badIdentity) { return "ERR_CERT_COMMON_NAME_INVALID" }
        if status.contains(.unknownAuthority) { return "ERR_CERT_AUTHORITY_INVALID" }
        if status.contains(.expired) || status.contains(.notActivated) { return "ERR_CERT_DATE_INVALID" }
        if status.contains(.insecure) { return "ERR_CERT_WEAK_SIGNATURE_ALGORITHM" }
        return LoadFailureReason.certificate.errorName
    }

    private static func button(_ action: Action, _ label: String, style: String) -> String {
        "<button type=\"button\" class=\"\(style)\" data-swiftlet-action=\"\(action.rawValue)\">\(escape(label))</button>"
    }

    private static func certificateTable(_ details: CertificateDetails) -> String {
        var rows: [(String, String)] = [("Issued to", details.subject), ("Issued by", details.issuer)]
        if let from = details.notValidBefore { rows.append(("Valid from", format(from))) }
        if let until = details.notValidAfter { rows.append(("Valid until", format(until))) }
        rows.append(("SHA-256 fingerprint", details.sha256Fingerprint))
        return "<table class=\"certificate\">"
            + rows.map { "<tr><th>\(escape($0.0))</th><td>\(escape($0.1))</td></tr>" }.joined() + "</table>"
    }

    private static func format(_ date: Date) -> String {
        date.formatted(.dateTime.day().month(.wide).year().hour().minute())
    }

    /// The host of `url` as the page names it: its host, else (a file) its path, else the
    /// whole address.
    static func displayHost(_ url: URL?) -> String {
        guard let url else { return "This site" }
        if let host = url.host, !host.isEmpty { return host }
        if url.isFileURL { return url.path }
        return url.absoluteString
    }

    /// `sentence`, escaped, with its first `host` in bold.
    private static func bold(_ host: String, in sentence: String) -> String {
        guard let range = sentence.range(of: host) else { return escape(sentence) }
        return escape(String(sentence[..<range.lowerBound])) + "<strong>\(escape(host))</strong>"
            + escape(String(sentence[range.upperBound...]))
    }

    private static func icon(warning: Bool) -> String {
        let shape =
            warning
            ? "<path d=\"M32 6 61 58H3Z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
                + "<path d=\"M32 24v16\" stroke=\"currentColor\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
                + "<circle cx=\"32\" cy=\"49\" r=\"3\" fill=\"currentColor\"/>"
            : "<circle cx=\"32\" cy=\"32\" r=\"27\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"4\"/>"
                + "<path d=\"M20 20 44 44M44 20 20 44\" stroke=\"currentColor\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
        return "<svg class=\"icon\" viewBox=\"0 0 64 64\" aria-hidden=\"true\">\(shape)</svg>"
    }

    /// Adwaita's colours (libadwaita's named colours), light and dark.
    private static let style = """
        :root{--bg:#fafafb;--fg:#1e1e24;--dim:#5e5c64;--accent:#3584e4;--card:#ffffff;--border:#deddda;\
        --danger:#c01c28;--danger-bg:rgba(224,27,36,.1);--neutral-bg:rgba(0,0,6,.08)}
        @media (prefers-color-scheme: dark){:root{--bg:#222226;--fg:#ffffff;--dim:#c0bfbc;--accent:#3584e4;\
        --card:#2e2e32;--border:#45454a;--danger:#ff7b63;--danger-bg:rgba(255,123,99,.12);\
        --neutral-bg:rgba(255,255,255,.1)}}
        html{background:var(--bg);color:var(--fg)}
        body{margin:0;font:15px/1.5 system-ui,Cantarell,"Noto Sans",sans-serif}
        main{max-width:40em;margin:10vh auto 3em;padding:0 2em}
        .icon{width:64px;height:64px;color:var(--dim)}
        h1{font-size:1.8em;font-weight:800;line-height:1.2;margin:.5em 0 .6em}
        h2{font-size:1.05em;font-weight:700;margin:1.6em 0 .3em}
        .summary{font-size:1.1em}
        ul{padding-left:1.4em;margin:.3em 0}
        .actions{display:flex;flex-wrap:wrap;gap:.8em;margin-top:2em}
        button{font:inherit;font-weight:700;border:0;border-radius:8px;padding:.5em 1.3em;cursor:pointer;\
        background:var(--neutral-bg);color:var(--fg)}
        button.suggested{background:var(--accent);color:#fff}
        button.destructive{background:var(--danger-bg);color:var(--danger)}
        button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        table.certificate{border-collapse:separate;border-spacing:0;margin-top:1em;background:var(--card);\
        border:1px solid var(--border);border-radius:8px;font-size:.9em;width:100%}
        table.certificate th{text-align:left;font-weight:600;padding:.4em .8em;vertical-align:top;\
        white-space:nowrap;color:var(--dim)}
        table.certificate td{padding:.4em .8em;word-break:break-all}
        .details{color:var(--dim);font-size:.8em;margin-top:2.5em;word-break:break-word}
        """

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
