import Application
import Foundation
import Mediators
import UIInterfaces

extension AppCoordinator {
    /// Handles a command line (the primary instance's own, or one another instance
    /// forwarded): returns the exit status for the process that sent it.
    func handleCommandLine(_ arguments: [String], isRemote: Bool) -> Int32 {
        let request: LaunchRequest
        switch parse(arguments) {
        case .success(let parsed): request = parsed
        case .failure(let error):
            FileHandle.standardError.write(Data("swiftlet: \(error.message)\n".utf8))
            return error.status
        }
        guard let appState, appState.initStage == .final else { return 1 }
        if request.discardBackgroundTabs {
            EventLog.record("tabs-discarded", "\(appState.handleMemoryPressure())")
            if request.onlyDiscards && isRemote { return 0 }
        }
        if let path = request.windowScreenshot, !isRemote { screenshotPath = path }
        if !launched {
            launched = true
            // The windows of the last run show; the command line's URLs go to the last one.
            for window in windows { window.present() }
        }
        open(request)
        if crashOfferPending, let window = windows.last(where: { !$0.isIncognito }) ?? windows.last {
            crashOfferPending = false
            window.showInfoBar(
                InfoBarItem(
                    .crashedSession, message: "Swiftlet did not close properly",
                    detail:
                        "Restore the windows and tabs you had open? They stay in the menu until you quit.",
                    buttons: [
                        InfoBarButton(.restore, label: "Restore"), InfoBarButton(.dismiss, label: "Dismiss"),
                    ],
                    isDismissible: false))
        }
        return 0
    }

    /// Opens what `request` asks for: its URLs in the last window (a new one when asked,
    /// or when there is none), or a new window with the start page.
    func open(_ request: LaunchRequest) {
        let urls = request.urls.compactMap { LocationInputClassifier().url(for: $0) }
        if !request.newWindow, !request.incognito, let window = windows.last(where: { !$0.isIncognito }) {
            if urls.isEmpty { window.present() } else { window.openTabs(urls) }
            return
        }
        sceneMediator?.openWindow(urls: urls, incognito: request.incognito)
    }
}
