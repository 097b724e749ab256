import CWebKitGTK
import Foundation
import GLibSupport
import Web
import WebKitEngine
import WebTestSupport
import XCTest

final class LifecycleTests: WebKitTestCase, @unchecked Sendable {
    func testCrashIsReportedAndReloadRecovers() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content, log: log)
            XCTAssertFalse(content.isCrashed)
            log.reset()
            content.terminateWebProcess()
            wait("the crash") { log.events.contains("renderProcessGone") }
            XCTAssertTrue(content.isCrashed)
            XCTAssertFalse(content.isLoading)

            load(server.url("/a"), in: content, log: log)  // any navigation recovers; reload too:
            XCTAssertFalse(content.isCrashed)
            content.terminateWebProcess()
            wait("the second crash") { content.isCrashed }
            let loaded = log.pageLoadedCount
            content.reload()
            wait("the reload") { log.pageLoadedCount > loaded }
            XCTAssertEqual(log.lastPageLoaded, .success)
            XCTAssertFalse(content.isCrashed)
            wait("the title") { content.title == "Page A" }
            XCTAssertEqual(try? evaluate("document.title", in: content)?.get(), .string("Page A"))
        }
    }

    func testCrashDuringALoadEndsTheLoad() {
        onMainActor {
            server.route("/slow", .page(title: "Slow", delay: .seconds(5)))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content, log: log)
            content.load(server.url("/slow"))
            wait("the slow load to start") { content.isLoading }
            content.terminateWebProcess()
            wait("the crash") { log.events.contains("renderProcessGone") }
            XCTAssertFalse(content.isLoading)
            guard case .failure(let error) = log.lastPageLoaded else { return XCTFail("\(log.events)") }
            XCTAssertEqual(error.kind, .renderProcessGone)
        }
    }

    func testUnrealizedWebStateMakesNoWebViewUntilRealized() {
        onMainActor {
            let context = makePersistentContext()
            let created = engine.webViewsCreated
            let history = NavigationHistory(
                items: [
                    NavigationItem(url: server.url("/a"), title: "Page A"),
                    NavigationItem(url: server.url("/b"), title: "Page B"),
                ],
                lastCommittedItemIndex: 1)
            let metadata = WebStateMetadata(
                creationTime: Date(), lastActiveTime: Date(), title: "Page B", url: server.url("/b"),
                navigationItemCount: 2)
            let webState = WebState(
                context: context, id: .newUnique(), metadata: metadata,
                loaders: .init(
                    storage: {
                        WebStateStorage(
                            hasOpener: false, metadata: metadata, userAgent: .automatic, navigation: history)
                    }, nativeSessionState: { nil }))
            defer { webState.close() }
            let recorder = WebStateEventRecorder(observing: [webState])
            XCTAssertFalse(webState.isRealized)
            XCTAssertEqual(webState.title, "Page B")
            XCTAssertEqual(webState.lastCommittedURL, server.url("/b"))
            XCTAssertEqual(webState.navigationItemCount, 2)
            XCTAssertNil(webState.navigationManagerIfRealized)
            GLibMainLoop.pump(timeout: .milliseconds(50)) { false }
            XCTAssertEqual(engine.webViewsCreated, created, "an unrealized WebState has no web view")
            XCTAssertEqual(server.requestCount("/b"), 0)

            webState.forceRealized()
            XCTAssertEqual(engine.webViewsCreated, created + 1)
            XCTAssertEqual(recorder.events.first, "webStateRealized")
            wait("the restored page") { recorder.count("pageLoaded") == 1 }
            XCTAssertEqual(webState.lastCommittedURL, server.url("/b"))
            XCTAssertEqual(server.requestCount("/b"), 1)
            webState.forceRealized()
            XCTAssertEqual(engine.webViewsCreated, created + 1, "realization happens once")
        }
    }

    func testCloseReleasesTheViewAndStopsEvents() {
        onMainActor {
            let live = engine.liveWebViews
            var content: WebKitWebContent? = makePersistentContext().makeWebKitWebContent()
            XCTAssertEqual(engine.liveWebViews, live + 1)
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content!, log: log)
            guard let widget = content!.view.pointer else { return XCTFail("no widget") }
            XCTAssertNotEqual(gtk_widget_is_visible(widget.assumingMemoryBound(to: GtkWidget.self)), 0)
            let finalizedFlag = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            finalizedFlag.initialize(to: false)
            defer { finalizedFlag.deallocate() }
            g_object_weak_ref(
                widget.assumingMemoryBound(to: GObject.self),
                { data, _ in data?.assumingMemoryBound(to: Bool.self).pointee = true }, finalizedFlag)
            content!.load(server.url("/b"))
            content!.close()
            XCTAssertNil(content!.view.pointer)
            XCTAssertEqual(engine.liveWebViews, live)
            let events = log.events.count
            weak let weakContent = content
            content = nil
            XCTAssertNil(weakContent)
            wait("the web view to be finalized") { finalizedFlag.pointee }
            XCTAssertEqual(log.events.count, events, "nothing is reported after close")
        }
    }
}
