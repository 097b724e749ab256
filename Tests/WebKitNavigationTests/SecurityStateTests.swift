import Foundation
import Testing
import Web
import WebKitNavigation

/// The committed page's security (``WebKitNavigationMachine/sslStatus``): read from WebKit's
/// TLS information when a page commits, and from "load-failed-with-tls-errors" for the error
/// page of a refused certificate; a change is reported right after the navigation's finish.
@MainActor
struct SecurityStateTests {
    /// Loads the view's URI (`uri:` set before), committing with the given TLS information.
    nonisolated static func load(_ path: String, cert: String) -> String {
        "api loading uri:\(path) policy:allow started status:200 cert:\(cert) bf committed progress:1.0"
            + " notloading finished idle"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let signals: String
        let changes: [String]
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "a page over plain HTTP", signals: load("/a", cert: "none"), changes: ["unauthenticated"]),
        Case(
            name: "a page over TLS with a trusted certificate", signals: load("/a", cert: "trusted"),
            changes: ["authenticated"]),
        Case(
            name: "a page over TLS whose certificate was let through",
            signals: load("/a", cert: "untrusted"), changes: ["broken(unknownAuthority)"]),
        Case(
            name: "the same security again is no change",
            signals: load("/a", cert: "trusted") + " " + load("/b", cert: "trusted"),
            changes: ["authenticated"]),
        Case(
            name: "from TLS to plain HTTP and back",
            signals: load("/a", cert: "trusted") + " " + load("/b", cert: "none") + " "
                + load("/c", cert: "trusted"),
            changes: ["authenticated", "unauthenticated", "authenticated"]),
        Case(
            name: "a refused certificate's error page",
            signals: load("/a", cert: "none")
                + " api loading uri:/secret progress:0.1 policy:allow started notloading uri:nil tls:expired"
                + " failed:other:/secret finished uri:/secret loading idle started bf committed progress:1.0"
                + " notloading finished",
            changes: ["unauthenticated", "broken(expired)"]),
        Case(
            name: "an unreachable page's error page knows nothing",
            signals: load("/a", cert: "trusted")
                + " api loading uri:/nowhere progress:0.1 policy:allow started notloading uri:/a"
                + " failed:unreachable:/nowhere finished loading uri:/nowhere idle started bf committed"
                + " progress:1.0 notloading finished",
            changes: ["authenticated", "unknown"]),
        Case(
            name: "a same-document navigation keeps the page's security",
            signals: load("/a", cert: "trusted") + " cert:none uri:/a#x", changes: ["authenticated"]),
        Case(
            name: "a failure before commit keeps the committed page's security",
            signals: load("/a", cert: "trusted")
                + " api loading uri:/gone progress:0.1 policy:allow started notloading uri:/a"
                + " failed:cancelled:/gone finished idle",
            changes: ["authenticated"]),
        Case(
            name: "a restored session knows nothing until its page commits",
            signals: load("/a", cert: "trusted") + " restore-noload", changes: ["authenticated", "unknown"]),
    ]

    @Test(arguments: cases)
    func securityChanges(_ testCase: Case) {
        let script = SignalScript()
        script.run(testCase.signals)
        #expect(script.securityChanges == testCase.changes)
    }

    @Test func theChangeIsReportedRightAfterTheCommittedNavigationFinishes() {
        let script = SignalScript()
        var order: [String] = []
        script.onOutput = { output in
            switch output {
            case .event(.didFinishNavigation): order.append("finish")
            case .event(.visibleSecurityStateChanged): order.append("security")
            case .event(.backForwardStateChanged): order.append("backForward")
            default: break
            }
        }
        script.run(Self.load("/a", cert: "trusted"))
        #expect(order == ["finish", "security", "backForward"])
        #expect(script.machine.sslStatus == SSLStatus(securityStyle: .authenticated))
    }
}
