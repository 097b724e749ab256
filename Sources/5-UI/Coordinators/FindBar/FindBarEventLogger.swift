import UIInterfaces

/// Passes the find bar's pushes on and records each result (`find <current> <total>`) in the
/// test-only event log.
@MainActor
final class FindBarEventLogger: FindBarConsumer {
    private let target: any FindBarConsumer

    init(forwardingTo target: any FindBarConsumer) { self.target = target }

    func setVisible(_ visible: Bool) {
        target.setVisible(visible)
        EventLog.record("find-bar", visible ? "shown" : "hidden")
    }

    func setMatches(current: Int, total: Int?) {
        target.setMatches(current: current, total: total)
        EventLog.record("find", "\(current) \(total.map(String.init) ?? "-")")
    }
}
