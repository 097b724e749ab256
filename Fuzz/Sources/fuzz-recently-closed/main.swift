import Foundation
import FuzzSupport
import Sessions
import Web

// The input is RecentlyClosed.pb: loaded, a tab closed into it, saved, loaded again.
exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            FuzzHarness.reset()
            let file = FuzzHarness.storage.appendingPathComponent("RecentlyClosed.pb")
            try? bytes.write(to: file)
            let service = TabRestoreService(fileURL: file)
            let browser = FuzzHarness.makeBrowser()
            service.observe(browser, sessionID: "w0")
            let webState = WebState(params: .init(context: browser.profile.webEngineContext))
            webState.load(URL(string: "https://closed.test/")!)
            browser.webStateList.insert(webState, .automatic.activating())
            browser.webStateList.close(at: 0)
            service.flush()
            service.stopObserving(browser)
            if let first = service.entries.first {
                _ = service.removeEntry(first.id)
                service.flush()
            }
            let reloaded = TabRestoreService(fileURL: file)
            reloaded.flush()
        }
    })
