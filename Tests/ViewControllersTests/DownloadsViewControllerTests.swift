import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records the toasts it is asked to show.
@MainActor
private final class RecordingToasts: ToastPresenter {
    var titles: [String] = []
    func showToast(_ title: String) { titles.append(title) }
}

final class DownloadsViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeDownloads(toasts: any ToastPresenter) -> (DownloadsViewController, RecordingCommands) {
        let commands = RecordingCommands()
        commands.register(on: dispatcher)
        let controller = DownloadsViewController(
            downloads: dispatcher.sender(for: (any DownloadsCommands).self), toasts: toasts)
        return (controller, commands)
    }

    func testEndedDownloadsShowAsToasts() {
        onMainActor {
            let toasts = RecordingToasts()
            let (controller, commands) = makeDownloads(toasts: toasts)
            controller.showDownloadFinished(fileName: "a&b.zip")
            controller.showDownloadFailed(fileName: "c.zip")
            controller.showDownloadFailed(fileName: nil)
            XCTAssertEqual(
                toasts.titles,
                ["“a&b.zip” downloaded", "“c.zip” could not be downloaded", "A download failed"])
            XCTAssertEqual(commands.received, [])
        }
    }

    func testInTheWindowTheToastsShowOverTheContent() {
        onMainActor {
            let (window, _) = makeBrowserWindow()
            defer { gtk_window_destroy(window.window) }
            let (controller, _) = makeDownloads(toasts: window)
            window.downloads = controller
            XCTAssertNotEqual(gtk_widget_is_ancestor(controller.widget, window.toolbarArea), 0)
            controller.showDownloadFinished(fileName: "a.zip")
            XCTAssertEqual(window.toastTitles, ["“a.zip” downloaded"])
        }
    }

    func testDownloadsUnderWayAreListedWithProgressAndCanBeCancelled() {
        onMainActor {
            let (controller, commands) = makeDownloads(toasts: RecordingToasts())
            let button = controller.widget
            XCTAssertEqual(gtk_widget_get_visible(button), 0, "no downloads: no button")
            XCTAssertNotEqual(gtkshim_accessible_label_is(button, "Downloads"), 0)

            controller.setDownloads([
                DownloadItem(id: 7, fileName: "a.zip", progress: 0.25, receivedBytes: 25, expectedBytes: 100),
                DownloadItem(id: 9, fileName: "stream.bin", receivedBytes: 4096),
            ])
            XCTAssertEqual(gtk_widget_get_visible(button), 1)
            XCTAssertEqual(controller.rows.map(\.id), [7, 9])
            let first = controller.rows[0].row
            let fraction = { gtk_progress_bar_get_fraction(OpaquePointer(first.progressBar)) }
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(first.label))), "a.zip")
            XCTAssertEqual(fraction(), 0.25, accuracy: 0.001)
            XCTAssertNotEqual(
                gtkshim_accessible_label_is(first.cancelButton, "Cancel the download of “a.zip”"), 0)

            // Progress updates the row in place.
            controller.setDownloads([
                DownloadItem(id: 7, fileName: "a.zip", progress: 0.5, receivedBytes: 50, expectedBytes: 100),
                DownloadItem(id: 9, fileName: "stream.bin", receivedBytes: 8192),
            ])
            XCTAssertEqual(controller.rows[0].row.widget, first.widget)
            XCTAssertEqual(fraction(), 0.5, accuracy: 0.001)

            gtkshim_emit(UnsafeMutableRawPointer(controller.rows[1].row.cancelButton), "clicked")
            XCTAssertEqual(commands.received.last, "cancelDownload 9")

            controller.setDownloads([
                DownloadItem(id: 7, fileName: "a.zip", progress: 0.5, receivedBytes: 50, expectedBytes: 100)
            ])
            XCTAssertEqual(controller.rows.map(\.id), [7])
            controller.setDownloads([])
            XCTAssertEqual(gtk_widget_get_visible(button), 0)
            XCTAssertTrue(controller.rows.isEmpty)
        }
    }
}
