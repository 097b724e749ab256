import UIInterfaces

/// Passes the location bar's pushes on and records the URL shown and the end of each load
/// (`location <url>`, `loaded <url>`) in the test-only event log.
@MainActor
final class LocationBarEventLogger: LocationBarConsumer {
    private let target: any LocationBarConsumer
    private var text = ""
    private var wasLoading = false

    init(forwardingTo target: any LocationBarConsumer) { self.target = target }

    func setURLText(_ text: String) {
        self.text = text
        target.setURLText(text)
        EventLog.record("location", text)
    }

    func setLoadProgress(_ progress: Double?) {
        target.setLoadProgress(progress)
        if progress == nil && wasLoading { EventLog.record("loaded", text) }
        wasLoading = progress != nil
    }

    func setSecurity(_ security: LocationBarSecurity) { target.setSecurity(security) }
}
