import Foundation
import Prerender

/// Records the prerenders in the test-only event log: `prerender-started <url>`,
/// `prerender-shown <url> loaded|loading`, `prerender-cancelled <url> <reason>`. A page shown
/// already loaded also gets the `loaded <url>` that ``LocationBarEventLogger`` records at the
/// end of a load it shows (this one ended before Enter); one still loading gets it from there.
@MainActor
final class PrerenderEventLogger: PrerenderServiceObserver {
    func prerenderStarted(_ service: PrerenderService, url: URL) {
        EventLog.record("prerender-started", url.absoluteString)
    }

    func prerenderShown(_ service: PrerenderService, url: URL, loaded: Bool) {
        EventLog.record("prerender-shown", "\(url.absoluteString) \(loaded ? "loaded" : "loading")")
        if loaded { EventLog.record("loaded", url.absoluteString) }
    }

    func prerenderCancelled(_ service: PrerenderService, url: URL, reason: PrerenderCancelReason) {
        EventLog.record("prerender-cancelled", "\(url.absoluteString) \(reason)")
    }
}
