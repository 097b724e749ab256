import CWebKitGTK
import Foundation
import GLibSupport
import Web
@_spi(Testing) import WebKitEngine
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

    func testSnapshotOfAShownView() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            defer { gtk_window_destroy(window) }
            gtk_window_set_default_size(window, 400, 300)
            gtk_window_set_child(window, content.view.pointer?.assumingMemoryBound(to: GtkWidget.self))
            gtk_window_present(window)
            let style = "html,body{margin:0;height:100%;background:rgb(200,40,90)}"
            server.route("/colour", .html("<!doctype html><style>\(style)</style>"))
            let log = ContentEventLog(content)
            load(server.url("/colour"), in: content, log: log)
            let widget = content.view.pointer?.assumingMemoryBound(to: GtkWidget.self)
            wait("the view's size") { widget.map { gtk_widget_get_width($0) > 0 } ?? false }
            let file = profileDirectory.appendingPathComponent("shot.png")
            var saved: Bool?
            content.saveSnapshot(toPNG: file) { saved = $0 }
            wait("the snapshot") { saved != nil }
            XCTAssertEqual(saved, true)
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG file")
            // Read back by GDK: the page's colour, channels in their places.
            guard let texture = gdk_texture_new_from_filename(file.path, nil) else {
                return XCTFail("GDK cannot read the PNG")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let width = Int(gdk_texture_get_width(texture))
            let height = Int(gdk_texture_get_height(texture))
            XCTAssertGreaterThan(width, 100)
            XCTAssertGreaterThan(height, 100)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            gdk_texture_download(texture, &pixels, gsize(width * 4))
            let middle = ((height / 2) * width + width / 2) * 4
            let value = pixels[middle..<middle + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            // GDK's download format is cairo's ARGB32 in native byte order.
            XCTAssertEqual(String(value, radix: 16), "ffc8285a", "opaque rgb(200, 40, 90)")
        }
    }

    func testClosingFromAnEventHandlerIsSafe() {
        onMainActor {
            let webState = WebState(params: .init(context: makePersistentContext()))
            let closer = ClosingObserver()
            webState.addObserver(closer)
            let live = engine.liveWebViews
            let finalized = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            finalized.initialize(to: false)
            defer { finalized.deallocate() }
            g_object_weak_ref(
                webState.view.pointer!.assumingMemoryBound(to: GObject.self),
                { data, _ in data?.assumingMemoryBound(to: Bool.self).pointee = true }, finalized)
            webState.load(server.url("/a"))
            wait("the close") { webState.isBeingDestroyed }
            XCTAssertEqual(engine.liveWebViews, live - 1)
            // The view goes once WebKit is done with it; nothing reaches the closed WebState.
            wait("the web view to be finalized") { finalized.pointee }
            XCTAssertEqual(closer.pageLoadedAfterClose, 0)
        }
    }
}

/// Closes its WebState from inside the first committed navigation's event.
@MainActor
private final class ClosingObserver: WebStateObserver {
    var pageLoadedAfterClose = 0

    func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        if !webState.isBeingDestroyed { webState.close() }
    }

    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        if webState.isBeingDestroyed { pageLoadedAfterClose += 1 }
    }
}
