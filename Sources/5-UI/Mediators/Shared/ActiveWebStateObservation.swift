import TabModel
import Web

/// What a mediator showing the active tab's state observes: every event of the active
/// WebState, passed to `observer` through a weak bridge (so that the mediator does not keep
/// itself alive through the tab model's forwarder), and each change of which tab is active.
/// Dropping it stops both.
@MainActor
final class ActiveWebStateObservation {
    private let forwarder: ActiveWebStateObservationForwarder
    private let listObserver: ActiveTabChangeObserver

    init(
        list: WebStateList, observer: any WebStateObserver, activeTabChanged: @escaping @MainActor () -> Void
    ) {
        forwarder = ActiveWebStateObservationForwarder(list: list, weakObserver: observer)
        listObserver = ActiveTabChangeObserver(list: list, onChange: activeTabChanged)
    }
}
