import Foundation
import Web
import XCTest

@_spi(Testing) @testable import WebKitEngine

/// One web process per site (``SiteProcessRegistry``): which pages share a process, told by
/// ending one process and seeing which contents report the crash.
final class ProcessModelTests: WebKitTestCase, @unchecked Sendable {
    func testSitesOfURLs() {
        // "url | site" (nil: no site).
        let table = [
            "https://docs.example.co.uk/a?b | https://example.co.uk",
            "http://www.example.com:8080/ | http://example.com",
            "HTTPS://A.Example.COM/x | https://example.com",
            "https://example.com/ | https://example.com",
            "http://127.0.0.1:4000/page | http://127.0.0.1",
            "http://localhost:4000/ | http://localhost",
            "http://[::1]:8080/ | http://::1",
            "about:blank | nil",
            "file:///tmp/page.html | nil",
            "data:text/html,hello | nil",
        ]
        onMainActor {
            for row in table {
                let parts = row.components(separatedBy: " | ")
                let site = SiteProcessRegistry<WebKitWebContent>.site(of: URL(string: parts[0])!)
                XCTAssertEqual(site ?? "nil", parts[1], row)
            }
        }
    }

    func testTheRegistryFilesEachMemberUnderOneSite() {
        final class Member {}
        onMainActor {
            let registry = SiteProcessRegistry<Member>()
            let a = Member()
            let b = Member()
            registry.record(a, site: "https://x.test")
            registry.record(b, site: "https://x.test")
            XCTAssertTrue(registry.member(showing: "https://x.test") === a, "the oldest")
            registry.record(a, site: "https://y.test")  // a navigated to another site
            XCTAssertTrue(registry.member(showing: "https://x.test") === b)
            XCTAssertTrue(registry.member(showing: "https://y.test") === a)
            registry.record(a, site: nil)  // … and then to about:blank
            XCTAssertNil(registry.member(showing: "https://y.test"))
            registry.remove(b)
            XCTAssertNil(registry.member(showing: "https://x.test"))
            do {
                let gone = Member()
                registry.record(gone, site: "https://z.test")
            }
            XCTAssertNil(registry.member(showing: "https://z.test"), "a freed member is no member")
        }
    }

    func testContentsOfOneSiteShareAWebProcessAndOtherSitesDoNot() {
        onMainActor {
            let context = makePersistentContext()
            let otherSite = URL(string: "http://localhost:\(server.port)/c")!
            let first = context.makeWebKitWebContent(for: server.url("/a"))
            let sameSite = context.makeWebKitWebContent(for: server.url("/b"))
            let other = context.makeWebKitWebContent(for: otherSite)
            let unknown = context.makeWebKitWebContent()  // no page given: a process of its own
            let contents = [first, sameSite, other, unknown]
            defer { contents.forEach { $0.close() } }
            let logs = contents.map { ContentEventLog($0) }
            load(server.url("/a"), in: first, log: logs[0])
            load(server.url("/b"), in: sameSite, log: logs[1])
            load(otherSite, in: other, log: logs[2])
            load(server.url("/c"), in: unknown, log: logs[3])

            first.terminateWebProcess()
            wait("both pages of the site to lose their process") { first.isCrashed && sameSite.isCrashed }
            // The crash reached the site's contents; the others still run their pages.
            XCTAssertEqual(try? evaluate("document.title", in: other)?.get(), .string("Page C"))
            XCTAssertEqual(try? evaluate("document.title", in: unknown)?.get(), .string("Page C"))
            XCTAssertFalse(other.isCrashed)
            XCTAssertFalse(unknown.isCrashed)

            // After the crash, a new content of the site does not join the dead process; the
            // content without a hint filed itself under the site when it committed.
            let next = context.makeWebKitWebContent(for: server.url("/a"))
            defer { next.close() }
            let nextLog = ContentEventLog(next)
            load(server.url("/a"), in: next, log: nextLog)
            unknown.terminateWebProcess()
            wait("the site's new content to share the surviving process") { next.isCrashed }
            XCTAssertEqual(try? evaluate("document.title", in: other)?.get(), .string("Page C"))
        }
    }
}
