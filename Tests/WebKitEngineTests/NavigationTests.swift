import Foundation
import LocalHTTPServer
import Web
import WebKitEngine
import WebTestSupport
import XCTest

final class NavigationTests: WebKitTestCase, @unchecked Sendable {
    /// Going back and forward between pages no cache may keep (so WebKit loads them again)
    /// that have a stylesheet and a script: each move ends in success.
    func testHistoryMovesBetweenNoStorePagesSucceed() {
        onMainActor {
            server.route(
                "/style.css",
                HTTPResponse(headers: ["Content-Type": "text/css"], body: Data("p{color:red}".utf8)))
            server.route(
                "/script.js",
                HTTPResponse(
                    headers: ["Content-Type": "text/javascript"],
                    body: Data("document.body.dataset.ran='1';".utf8)))
            for name in ["x", "y", "z"] {
                var response = HTTPResponse.html(
                    "<!doctype html><title>\(name)</title><link rel=stylesheet href=/style.css><p>\(name)</p><script src=/script.js></script>"
                )
                response.headers["Cache-Control"] = "no-store"
                server.route("/\(name)", response)
            }
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            for name in ["x", "y", "z"] { load(server.url("/\(name)"), in: content, log: log) }
            for (move, expected) in [("back", "/y"), ("back", "/x"), ("forward", "/y")] {
                log.reset()
                content.goToItem(at: content.history.lastCommittedItemIndex + (move == "back" ? -1 : 1))
                wait("the \(move) move") { log.pageLoadedCount > 0 }
                XCTAssertEqual(log.lastPageLoaded, .success, "\(move) to \(expected): \(log.events)")
                XCTAssertEqual(content.lastCommittedURL?.path, expected)
            }
        }
    }

    func testNavigationAndHistory() {
        onMainActor {
            let context = makePersistentContext()
            let webState = WebState(params: .init(context: context))
            defer { webState.close() }
            let recorder = WebStateEventRecorder(observing: [webState])
            @MainActor func go(_ action: () -> Void) {
                let before = recorder.count("pageLoaded")
                action()
                wait("page loaded") { recorder.count("pageLoaded") > before }
            }
            for path in ["/a", "/b", "/c"] { go { webState.load(server.url(path)) } }
            let manager = webState.navigationManager
            XCTAssertEqual(manager.items.map(\.url.path), ["/a", "/b", "/c"])
            // A title may arrive just after the load ends.
            wait("the titles") { manager.items.map(\.title) == ["Page A", "Page B", "Page C"] }
            XCTAssertEqual(manager.lastCommittedItemIndex, 2)
            XCTAssertTrue(manager.canGoBack)
            XCTAssertFalse(manager.canGoForward)
            XCTAssertEqual(webState.lastCommittedURL, server.url("/c"))

            go { manager.goBack() }
            XCTAssertEqual(manager.lastCommittedItemIndex, 1)
            XCTAssertEqual(webState.lastCommittedURL, server.url("/b"))
            XCTAssertEqual(webState.visibleURL, server.url("/b"))
            wait("title of b") { webState.title == "Page B" }
            XCTAssertTrue(manager.canGoBack)
            XCTAssertTrue(manager.canGoForward)

            go { manager.goForward() }
            XCTAssertEqual(manager.lastCommittedItemIndex, 2)
            XCTAssertEqual(webState.lastCommittedURL, server.url("/c"))

            go { manager.goToItem(at: 0) }
            XCTAssertEqual(manager.lastCommittedItemIndex, 0)
            XCTAssertEqual(webState.lastCommittedURL, server.url("/a"))
            XCTAssertFalse(manager.canGoBack)
            XCTAssertEqual(manager.itemCount, 3)

            // A new load from the middle drops the forward entries.
            go { webState.load(server.url("/c?new")) }
            XCTAssertEqual(manager.items.map(\.url.path), ["/a", "/c"])
            XCTAssertEqual(manager.lastCommittedItemIndex, 1)
            XCTAssertFalse(webState.isLoading)
            XCTAssertEqual(webState.loadingProgress, 1)
        }
    }

    func testRedirectCommitsTheFinalURL() {
        onMainActor {
            server.route("/old", .redirect(to: "/b"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/old"), in: content, log: log)
            XCTAssertEqual(log.lastPageLoaded, .success)
            XCTAssertEqual(content.lastCommittedURL, server.url("/b"))
            XCTAssertEqual(content.history.items.map(\.url.path), ["/b"])
            let start = log.index(of: "didStartNavigation(/old)")
            let redirect = log.index(of: "didRedirectNavigation(/b)")
            let finish = log.index(of: "didFinishNavigation(/b committed)")
            XCTAssertNotNil(start, "\(log.events)")
            XCTAssertNotNil(redirect, "\(log.events)")
            XCTAssertNotNil(finish, "\(log.events)")
            if let start, let redirect, let finish {
                XCTAssertLessThan(start, redirect)
                XCTAssertLessThan(redirect, finish)
            }
            XCTAssertEqual(log.finishedNavigations.last?.httpStatusCode, 200)
            XCTAssertEqual(server.requestCount("/b"), 1)
            XCTAssertFalse(log.finishedNavigations.contains(where: \.isSameDocument))
        }
    }

    func testHTTPErrorStatusFailsTheLoad() {
        onMainActor {
            server.route("/missing", .page(title: "Missing", body: "gone", status: 404))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/missing"), in: content, log: log)
            guard case .failure(let error) = log.lastPageLoaded else {
                return XCTFail("expected a failed load: \(log.events)")
            }
            XCTAssertEqual(error.kind, .httpStatus(404))
            XCTAssertEqual(error.url, server.url("/missing"))
            let finished = log.finishedNavigations.last
            XCTAssertEqual(finished?.httpStatusCode, 404)
            XCTAssertEqual(finished?.hasCommitted, true)
            XCTAssertEqual(finished?.error?.kind, .httpStatus(404))
            // The server's own page is the error page.
            XCTAssertEqual(content.lastCommittedURL, server.url("/missing"))
            wait("the server's error page") { content.title == "Missing" }
        }
    }

    func testUnreachablePortFailsQuicklyAndShowsAnErrorPage() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content, log: log)
            wait("the title of a") { content.title == "Page A" }
            log.reset()
            let unreachable = URL(string: "http://127.0.0.1:\(LocalHTTPServer.unusedPort())/nowhere")!
            let start = ContinuousClock.now
            content.load(unreachable)
            wait("the failed load", timeout: .seconds(10)) { log.pageLoadedCount > 0 }
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
            guard case .failure(let error) = log.lastPageLoaded else {
                return XCTFail("expected a failed load: \(log.events)")
            }
            XCTAssertEqual(error.kind, .unreachable)
            XCTAssertEqual(error.url, unreachable)
            let finished = log.finishedNavigations.last
            XCTAssertEqual(finished?.hasCommitted, false)
            XCTAssertEqual(finished?.error?.kind, .unreachable)
            XCTAssertFalse(content.isLoading)
            XCTAssertEqual(
                Array(log.events.prefix(3)),
                ["didStartLoading", "didStartNavigation(/nowhere)", "loadProgressChanged(0.1)"],
                "\(log.events)")
            XCTAssertEqual(
                log.events.filter { !$0.hasPrefix("titleChanged") && !$0.hasPrefix("backForward") }.suffix(4),
                [
                    "didFinishNavigation(/nowhere error)", "loadProgressChanged(1.0)", "didStopLoading",
                    "pageLoaded(failure unreachable)",
                ], "\(log.events)")
            // The error page takes the failed URL's place, without load events of its own.
            wait("the error page") { content.title == "127.0.0.1" }
            XCTAssertEqual(content.visibleURL, unreachable)
            XCTAssertEqual(log.pageLoadedCount, 1)
            XCTAssertEqual(log.events.count { $0 == "didStartLoading" }, 1)
            let text = evaluate("document.body.innerText", in: content)
            XCTAssertTrue(
                (try? text?.get()).map { "\($0)".contains("can’t be reached") } ?? false,
                "\(String(describing: text))")

            // And the content still navigates.
            load(server.url("/b"), in: content, log: log)
            XCTAssertEqual(log.lastPageLoaded, .success)
            XCTAssertEqual(content.lastCommittedURL, server.url("/b"))
            XCTAssertFalse(log.finishedNavigations.contains(where: \.isSameDocument), "\(log.events)")
        }
    }

    func testEventsArriveInOrder() {
        onMainActor {
            server.route("/slow", .page(title: "Slow", body: "<p>slow</p>", delay: .milliseconds(100)))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/slow"), in: content, log: log)
            wait("the title") { log.events.contains("titleChanged(Slow)") }
            let events = log.events
            @MainActor func at(_ name: String) -> Int {
                guard let index = log.index(of: name) else {
                    XCTFail("no \(name) in \(events)")
                    return -1
                }
                return index
            }
            let order = [
                at("didStartLoading"), at("didStartNavigation(/slow)"), at("loadProgressChanged"),
                at("didFinishNavigation(/slow committed)"), at("backForwardStateChanged"),
                at("loadProgressChanged(1.0)"), at("didStopLoading"), at("pageLoaded(success)"),
            ]
            XCTAssertEqual(order, order.sorted(), "\(events)")
            XCTAssertGreaterThan(at("titleChanged(Slow)"), at("didStartNavigation(/slow)"))
            let progress = log.rawEvents.compactMap { event -> Double? in
                if case .loadProgressChanged(let value) = event { value } else { nil }
            }
            XCTAssertEqual(progress, progress.sorted(), "progress never goes back")
            XCTAssertEqual(progress.last, 1)
            XCTAssertEqual(events.count { $0 == "pageLoaded(success)" }, 1)
            XCTAssertEqual(events.count { $0 == "didStopLoading" }, 1)
            XCTAssertEqual(content.title, "Slow")
            XCTAssertEqual(content.history.items.first?.title, "Slow")
        }
    }

    func testFaviconURLIsReported() {
        onMainActor {
            let png = Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR4nGP4z8DwnxLMMGrAqAGjBgwXAwAwxP4QHCfkAAAAAABJRU5ErkJggg=="
            )!
            server.route("/icon.png", HTTPResponse(headers: ["Content-Type": "image/png"], body: png))
            server.route(
                "/with-icon",
                .html("<!DOCTYPE html><title>Icon</title><link rel=\"icon\" href=\"/icon.png\"><p>icon</p>"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/with-icon"), in: content, log: log)
            wait("the favicon") { content.faviconURL == server.url("/icon.png") }
            XCTAssertTrue(log.events.contains("faviconURLChanged(/icon.png)"), "\(log.events)")
        }
    }

    func testSameDocumentNavigationsAreReported() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content, log: log)
            log.reset()
            _ = evaluate("location.hash = 'part'; 1", in: content)
            wait("the fragment navigation") { content.lastCommittedURL?.fragment == "part" }
            _ = evaluate("history.pushState({}, '', '/a/pushed'); 1", in: content)
            wait("the pushed state") { content.lastCommittedURL?.path == "/a/pushed" }
            let sameDocument = log.finishedNavigations.filter(\.isSameDocument)
            XCTAssertEqual(sameDocument.map(\.url.path), ["/a", "/a/pushed"], "\(log.events)")
            XCTAssertTrue(sameDocument.allSatisfy { $0.hasCommitted && $0.isRendererInitiated })
            XCTAssertEqual(log.events.count { $0 == "didStartLoading" }, 0)
            XCTAssertEqual(content.history.items.map(\.url.path), ["/a", "/a", "/a/pushed"])
            XCTAssertEqual(content.history.lastCommittedItemIndex, 2)
            XCTAssertEqual(server.requestCount("/a/pushed"), 0)
        }
    }
}
