import Foundation
import LocalHTTPServer
import Web
import XCTest

@_spi(Testing) @testable import WebKitEngine

/// The page a failed load shows: what happened in words, and a Try Again button that works.
final class ErrorPageTests: WebKitTestCase, @unchecked Sendable {
    /// The text of the error page's element `selector` ("" when there is none).
    @MainActor
    private func text(_ selector: String, in content: WebKitWebContent) -> String {
        let script = "(function(){var e=document.querySelector('\(selector)');return e?e.innerText:'';})()"
        guard case .success(.string(let text)) = evaluate(script, in: content) else { return "" }
        return text
    }

    /// Loads `url`, which fails, and waits for its error page (titled `title`).
    @MainActor
    private func loadFailing(_ url: URL, in content: WebKitWebContent, log: ContentEventLog, title: String) {
        load(url, in: content, log: log)
        guard case .failure = log.lastPageLoaded else {
            return XCTFail("expected a failed load: \(log.events)")
        }
        wait("the error page") { content.title == title }
        wait("the error page's text") { !text("h1", in: content).isEmpty }
    }

    /// The main text of the page: everything but the technical details line.
    @MainActor
    private func mainText(_ content: WebKitWebContent) -> String {
        text("h1", in: content) + "\n" + text(".summary", in: content) + "\n" + text("ul", in: content)
    }

    func testAClosedPortSaysTheSiteRefusedToConnect() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            let url = URL(string: "http://127.0.0.1:\(LocalHTTPServer.unusedPort())/closed")!
            loadFailing(url, in: content, log: log, title: "127.0.0.1")
            XCTAssertEqual(text("h1", in: content), "This site can’t be reached")
            XCTAssertEqual(text(".summary", in: content), "127.0.0.1 refused to connect.")
            XCTAssertFalse(mainText(content).contains("quark"), mainText(content))
            XCTAssertTrue(text(".details", in: content).contains("ERR_CONNECTION_REFUSED"))
            XCTAssertEqual(text("button[data-swiftlet-action=retry]", in: content), "Try Again")
        }
    }

    func testARestrictedPortSaysThePortIsNotAllowed() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            // Port 1 (tcpmux) is a "bad port" of the Fetch standard: WebKit alone commits
            // about:blank as a success there.
            let url = URL(string: "http://127.0.0.1:1/")!
            loadFailing(url, in: content, log: log, title: "127.0.0.1")
            XCTAssertEqual(text("h1", in: content), "This site can’t be reached")
            XCTAssertEqual(
                text(".summary", in: content),
                "127.0.0.1 uses a port that browsers do not connect to, for your safety.")
            XCTAssertEqual(content.lastCommittedURL, url)
            XCTAssertEqual(text("button[data-swiftlet-action=retry]", in: content), "Try Again")
        }
    }

    func testAnUnresolvableHostSaysItsAddressCouldNotBeFound() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            // `.invalid` never resolves (RFC 2606).
            loadFailing(
                URL(string: "http://nowhere.invalid/")!, in: content, log: log, title: "nowhere.invalid")
            XCTAssertEqual(text("h1", in: content), "This site can’t be reached")
            XCTAssertEqual(
                text(".summary", in: content), "nowhere.invalid’s server address could not be found.")
            XCTAssertFalse(mainText(content).contains("quark"), mainText(content))
            XCTAssertFalse(mainText(content).contains("resolver"), mainText(content))
            XCTAssertTrue(text(".details", in: content).contains("ERR_NAME_NOT_RESOLVED"))
        }
    }

    func testARedirectLoopSaysThePageRedirectedTooManyTimes() {
        onMainActor {
            server.route("/looping", .redirect(to: "/looping"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            loadFailing(server.url("/looping"), in: content, log: log, title: "127.0.0.1")
            XCTAssertEqual(text("h1", in: content), "This page isn’t working", text(".details", in: content))
            XCTAssertEqual(text(".summary", in: content), "127.0.0.1 redirected you too many times.")
        }
    }

    func testTryAgainLoadsThePageOnceTheServerIsUp() throws {
        let port = LocalHTTPServer.unusedPort()
        try onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            let url = URL(string: "http://127.0.0.1:\(port)/later#part")!
            loadFailing(url, in: content, log: log, title: "127.0.0.1")

            let upServer = try LocalHTTPServer(port: port)
            defer { upServer.stop() }
            upServer.route("/later", .page(title: "Up Now", body: "<p id=part>up</p>"))
            let loaded = log.pageLoadedCount
            // A click on the button, as the page's own document would get it.
            _ = evaluate("document.querySelector('[data-swiftlet-action=retry]').click()", in: content)
            wait("the page") { log.pageLoadedCount > loaded }
            XCTAssertEqual(log.lastPageLoaded, .success)
            wait("its title") { content.title == "Up Now" }
            XCTAssertEqual(upServer.requestCount("/later"), 1)
            XCTAssertEqual(content.history.items.count, 1, "the page took the error page's place")
        }
    }

    /// A page cannot use the error page's message handler: it lives in another script world,
    /// and its token is the error page's alone.
    func testAPageCannotPressTheErrorPagesButtons() {
        onMainActor {
            server.route(
                "/forged",
                .html(
                    "<!DOCTYPE html><html data-swiftlet-error-page=guess><title>Forged</title>"
                        + "<button data-swiftlet-action=retry>x</button></html>"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/forged"), in: content, log: log)
            XCTAssertEqual(
                try? evaluate(
                    "typeof (window.webkit && window.webkit.messageHandlers.errorPage)", in: content)?
                    .get(), .string("undefined"))
            let loaded = log.pageLoadedCount
            _ = evaluate("document.querySelector('button').click()", in: content)
            // A load it asked for would start at once; another page's load shows that none did.
            load(server.url("/a"), in: content, log: log)
            XCTAssertEqual(log.pageLoadedCount, loaded + 1)
            XCTAssertEqual(server.requestCount("/forged"), 1)
        }
    }

    func testEveryReasonHasWordsWithoutTheEnginesCodes() {
        let url = URL(string: "https://example.test/page")!
        for reason in LoadFailureReason.allCases {
            let text = ErrorPage.text(for: reason, url: url)
            let all = ([text.heading, text.summary] + text.suggestions).joined(separator: " ")
            XCTAssertFalse(text.heading.isEmpty, "\(reason)")
            XCTAssertFalse(all.contains("quark") || all.contains("ERR_"), "\(reason): \(all)")
        }
    }

    func testEachCertificateProblemIsSaidInWords() {
        let until = Date(timeIntervalSince1970: 1_700_000_000)
        let details = CertificateDetails(
            subject: "CN=a.test", issuer: "CN=Issuer", notValidBefore: nil, notValidAfter: until,
            sha256Fingerprint: "AB:CD")
        let table: [(CertificateStatus, String, String)] = [
            (
                .unknownAuthority, "not issued by an authority this computer trusts",
                "ERR_CERT_AUTHORITY_INVALID"
            ),
            (.badIdentity, "belongs to another site, not example.test", "ERR_CERT_COMMON_NAME_INVALID"),
            (.expired, "It expired on ", "ERR_CERT_DATE_INVALID"),
            (.notActivated, "not valid yet", "ERR_CERT_DATE_INVALID"),
            (.revoked, "revoked", "ERR_CERT_REVOKED"),
            (.insecure, "no longer secure", "ERR_CERT_WEAK_SIGNATURE_ALGORITHM"),
            (.genericError, "could not be checked", "ERR_CERT_INVALID"),
        ]
        for (status, words, name) in table {
            let problems = ErrorPage.problems(
                of: ErrorPage.Certificate(details: details, status: status), host: "example.test")
            XCTAssertEqual(problems.count, 1, "\(status)")
            XCTAssertTrue(problems.first?.contains(words) == true, "\(status): \(problems)")
            XCTAssertEqual(ErrorPage.certificateErrorName(status), name)
        }
    }
}
