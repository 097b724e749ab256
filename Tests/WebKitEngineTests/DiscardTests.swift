import CGTK
import Foundation
import GLibSupport
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// The memory saver's way back on the real engine: a discarded tab comes back with its
/// history and its scroll position, and the form-interaction and audio facts its policy reads.
final class DiscardTests: WebKitTestCase, @unchecked Sendable {
    /// A page tall enough to scroll, with a text field.
    private static let tallPage = """
        <p>top</p><input id="field" type="text"><div style="height: 5000px"></div><p>bottom</p>
        """

    @MainActor
    private func showInWindow(_ webState: WebState) -> UnsafeMutablePointer<GtkWindow> {
        let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(window, 400, 300)
        gtk_window_set_child(window, webState.view.pointer?.assumingMemoryBound(to: GtkWidget.self))
        gtk_window_present(window)
        webState.wasShown()
        return window
    }

    /// A realized tab on the tall page, counting its loads, shown in a window of its own.
    @MainActor
    private func tallPageTab() -> (WebState, LoadCounter, UnsafeMutablePointer<GtkWindow>) {
        server.route("/tall", .page(title: "Tall", body: Self.tallPage))
        let webState = WebState(params: .init(context: makePersistentContext()))
        let recorder = LoadCounter()
        webState.addObserver(recorder)
        let window = showInWindow(webState)
        return (webState, recorder, window)
    }

    /// Runs `script` in the page and waits for its result. Messages the page posts while the
    /// script runs arrive before the result (one connection, in order).
    @MainActor
    @discardableResult
    private func run(_ script: String, in webState: WebState) -> JavaScriptValue? {
        var result: Result<JavaScriptValue, JavaScriptError>?
        webState.evaluateJavaScript(script) { result = $0 }
        wait("the script \(script)") { result != nil }
        return try? result?.get()
    }

    @MainActor
    private func scrollY(_ webState: WebState) -> Double? {
        guard case .number(let value)? = run("window.scrollY", in: webState) else { return nil }
        return value
    }

    func testADiscardedTabComesBackWithItsHistoryAndScrollPosition() {
        onMainActor {
            var (webState, recorder, window) = tallPageTab()
            defer { webState.close() }
            webState.load(server.url("/a"))
            wait("page a") { recorder.loads == 1 }
            webState.load(server.url("/tall"))
            wait("the tall page") { recorder.loads == 2 }
            run("window.scrollTo(0, 1200)", in: webState)
            XCTAssertEqual(scrollY(webState) ?? 0, 1200, accuracy: 1)
            // WebKit records the position in the entry's state a moment after the scroll;
            // its blob holds it as a 32-bit integer.
            let recorded = Data([0xB0, 0x04, 0x00, 0x00])
            wait("the position recorded") { webState.sessionStateData?.range(of: recorded) != nil }

            webState.wasHidden()
            gtk_window_set_child(window, nil)
            gtk_window_destroy(window)
            let viewsBefore = engine.webViewsCreated
            webState.discard()
            XCTAssertFalse(webState.isRealized)
            XCTAssertEqual(webState.title, "Tall")
            XCTAssertEqual(webState.navigationItemCount, 2)

            window = showInWindow(webState)  // Realizes it again.
            defer { gtk_window_destroy(window) }
            XCTAssertEqual(engine.webViewsCreated, viewsBefore + 1)
            XCTAssertEqual(recorder.realized, 1)
            wait("the restored page") { recorder.loads == 3 }
            XCTAssertEqual(webState.lastCommittedURL, server.url("/tall"))
            XCTAssertEqual(webState.navigationManager.items.map(\.url.path), ["/a", "/tall"])
            wait("the scroll position") { (self.scrollY(webState) ?? 0) >= 1200 }
            XCTAssertEqual(scrollY(webState) ?? 0, 1200, accuracy: 1)
        }
    }

    func testTypingIntoAFieldIsAFormInteractionUntilTheNextPage() {
        onMainActor {
            let (webState, recorder, window) = tallPageTab()
            defer { webState.close() }
            defer { gtk_window_destroy(window) }
            webState.load(server.url("/tall"))
            wait("the page") { recorder.loads == 1 }
            XCTAssertFalse(webState.hadFormInteraction)
            XCTAssertFalse(webState.isPlayingAudio)

            // A script's own events are not the user's (had it posted, the message would have
            // come before the script's result).
            run(
                "var f = document.getElementById('field'); f.value = 'x'; f.dispatchEvent(new Event('input', {bubbles: true}))",
                in: webState)
            XCTAssertFalse(webState.hadFormInteraction)

            // Editing commands are the engine's own input: trusted events, as typing sends.
            run(
                "document.getElementById('field').focus(); document.execCommand('insertText', false, 'hello')",
                in: webState)
            XCTAssertTrue(webState.hadFormInteraction, "the message came before the script's result")

            webState.load(server.url("/a"))
            wait("the next page") { recorder.loads == 2 }
            XCTAssertFalse(webState.hadFormInteraction)
        }
    }
}

/// Counts page loads and realizations.
@MainActor
private final class LoadCounter: WebStateObserver {
    var loads = 0
    var realized = 0
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) { loads += 1 }
    func webStateRealized(_ webState: WebState) { realized += 1 }
}
