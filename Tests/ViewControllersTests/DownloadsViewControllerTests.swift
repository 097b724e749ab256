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
    var buttons: [ToastButton] = []
    func showToast(_ title: String) { titles.append(title) }
    func showToast(_ title: String, buttons: [ToastButton]) {
        titles.append(title + " [" + buttons.map(\.label).joined(separator: ", ") + "]")
        self.buttons = buttons
    }
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
            controller.showDownloadFinished(id: 1, fileName: "a&b.zip")
            controller.showDownloadFailed(fileName: "c.zip")
            controller.showDownloadFailed(fileName: nil)
            controller.showLaunchFailed("“a&b.zip” could not be opened: gone")
            XCTAssertEqual(
                toasts.titles,
                [
                    "“a&b.zip” downloaded [Open, Show in Folder]", "“c.zip” could not be downloaded",
                    "A download failed", "“a&b.zip” could not be opened: gone",
                ])
            XCTAssertEqual(commands.received, [])
            for button in toasts.buttons { button.action() }
            XCTAssertEqual(commands.received, ["openDownload 1", "showDownloadInFolder 1"])
        }
    }

    func testInTheWindowTheToastsShowOverTheContent() {
        onMainActor {
            let (window, _) = makeBrowserWindow()
            defer { gtk_window_destroy(window.window) }
            let (controller, _) = makeDownloads(toasts: window)
            window.downloads = controller
            XCTAssertNotEqual(gtk_widget_is_ancestor(controller.widget, window.toolbarArea), 0)
            controller.showDownloadFinished(id: 1, fileName: "a.zip")
            XCTAssertEqual(window.toastTitles, ["“a.zip” downloaded"])
        }
    }

    func testTheListShowsEachDownloadWithTheButtonsItsStateAllows() {
        onMainActor {
            let (controller, commands) = makeDownloads(toasts: RecordingToasts())
            let button = controller.widget
            XCTAssertEqual(gtk_widget_get_visible(button), 0, "no downloads: no button")
            XCTAssertNotEqual(gtkshim_accessible_label_is(button, "Downloads"), 0)

            controller.setDownloads([
                DownloadItem(
                    id: 7, fileName: "a.zip", state: .inProgress, progress: 0.25, status: "25 bytes of 100"),
                DownloadItem(id: 5, fileName: "b.pdf", state: .complete, status: "1.0 kB"),
                DownloadItem(id: 4, fileName: "c.iso", state: .interrupted, status: "Interrupted"),
                DownloadItem(id: 3, fileName: "d.bin", state: .failed, status: "Failed"),
            ])
            XCTAssertEqual(gtk_widget_get_visible(button), 1)
            XCTAssertEqual(controller.rows.map(\.id), [7, 5, 4, 3])
            XCTAssertEqual(
                controller.rows.map { $0.row.buttons.map(\.action).joined(separator: " ") },
                ["cancel", "open show remove", "retry show remove", "retry remove"])
            XCTAssertEqual(
                children(of: controller.rows[0].row.widget.parent), controller.rows.map(\.row.widget))
            let first = controller.rows[0].row
            let fraction = { gtk_progress_bar_get_fraction(OpaquePointer(first.progressBar!)) }
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(first.name))), "a.zip")
            XCTAssertEqual(
                String(cString: gtk_label_get_text(OpaquePointer(first.status))), "25 bytes of 100")
            XCTAssertEqual(fraction(), 0.25, accuracy: 0.001)
            XCTAssertNotEqual(
                gtkshim_accessible_label_is(first.buttons[0].button, "Cancel the download of “a.zip”"), 0)
            XCTAssertNotEqual(
                gtkshim_accessible_label_is(controller.rows[1].row.buttons[0].button, "Open “b.pdf”"), 0)

            for (index, expected) in [
                (1, ["openDownload 5", "showDownloadInFolder 5", "removeDownload 5"]),
                (2, ["retryDownload 4", "showDownloadInFolder 4", "removeDownload 4"]),
            ] {
                commands.received.removeAll()
                for (_, button) in controller.rows[index].row.buttons {
                    gtkshim_emit(UnsafeMutableRawPointer(button), "clicked")
                }
                XCTAssertEqual(commands.received, expected)
            }
            commands.received.removeAll()
            gtkshim_emit(UnsafeMutableRawPointer(controller.clearButton), "clicked")
            XCTAssertEqual(commands.received, ["clearDownloads"])

            // Progress updates the row in place; a new download goes on top; an ended one
            // gets the buttons of its state.
            controller.setDownloads([
                DownloadItem(id: 8, fileName: "e.txt", state: .inProgress),
                DownloadItem(id: 7, fileName: "a.zip", state: .inProgress, progress: 0.5),
                DownloadItem(id: 5, fileName: "b.pdf", state: .complete),
            ])
            XCTAssertEqual(controller.rows.map(\.id), [8, 7, 5])
            XCTAssertEqual(controller.rows[1].row.widget, first.widget)
            XCTAssertEqual(fraction(), 0.5, accuracy: 0.001)
            XCTAssertEqual(children(of: first.widget.parent), controller.rows.map(\.row.widget))
            controller.setDownloads([DownloadItem(id: 7, fileName: "a.zip", state: .complete)])
            XCTAssertEqual(
                controller.rows.map { $0.row.buttons.map(\.action) }, [["open", "show", "remove"]])
            XCTAssertEqual(gtk_widget_get_sensitive(controller.clearButton), 1)

            controller.setDownloads([])
            XCTAssertEqual(gtk_widget_get_visible(button), 0)
            XCTAssertTrue(controller.rows.isEmpty)
        }
    }

    func testTheIconShowsTheOverallProgressWhileDownloadsRun() {
        onMainActor {
            let (controller, _) = makeDownloads(toasts: RecordingToasts())
            controller.setOverallProgress(0.4)
            XCTAssertEqual(gtk_widget_get_visible(controller.iconProgress), 1)
            XCTAssertEqual(
                gtk_progress_bar_get_fraction(OpaquePointer(controller.iconProgress)), 0.4, accuracy: 0.001)
            controller.setOverallProgress(nil)
            XCTAssertEqual(gtk_widget_get_visible(controller.iconProgress), 0)
        }
    }

    @MainActor
    private func children(of parent: UnsafeMutablePointer<GtkWidget>?) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = parent.flatMap { gtk_widget_get_first_child($0) }
        while let current = child {
            result.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    @MainActor fileprivate var parent: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_parent(self) }
}
