import TabModel
import Web

/// What a mediator showing the active tab's state observes: every event of the active
/// WebState, passed to `observer`, and each change of which tab is active. Neither keeps the
/// mediator alive; dropping this stops both.
@MainActor
final class ActiveWebStateObservation {
    private let forwarder: ActiveWebStateObservationForwarder
    private let listObserver: ActiveTabChangeObserver

    init(
        list: WebStateList, observer: any WebStateObserver, activeTabChanged: @escaping @MainActor () -> Void
    ) {
        forwarder = ActiveWebStateObservationForwarder(list: list, observer: observer)
        listObserver = ActiveTabChangeObserver(list: list, onChange: activeTabChanged)
    }
}
