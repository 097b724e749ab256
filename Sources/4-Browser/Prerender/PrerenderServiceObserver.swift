public import Foundation

/// What a ``PrerenderService`` tells its observers (added with
/// ``PrerenderService/addObserver(_:)``, held weakly): the metrics Chromium's
/// `PreloadController` records (`Prerender.FinalStatus`), for logs and measurements.
@MainActor
public protocol PrerenderServiceObserver: AnyObject {
    /// The hidden WebState started loading `url`.
    func prerenderStarted(_ service: PrerenderService, url: URL)
    /// The prerendered page of `url` replaced a tab; `loaded`: it had finished loading.
    func prerenderShown(_ service: PrerenderService, url: URL, loaded: Bool)
    /// The prerender of `url` ended unseen.
    func prerenderCancelled(_ service: PrerenderService, url: URL, reason: PrerenderCancelReason)
}
