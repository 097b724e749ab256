import Base
import TabModel
import Web

/// Calls back when a list's active tab changes (or is replaced, or the list is destroyed),
/// for mediators that show the active tab's state.
@MainActor
final class ActiveTabChangeObserver: WebStateListObserver {
    private var observation: ScopedObservation<WebStateList>?
    private let onChange: @MainActor () -> Void

    init(list: WebStateList, onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
        observation = ScopedObservation(list, observer: self)
    }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        if status.activeWebStateChanged {
            onChange()
        } else if case .replace(let replace) = change, replace.index == list.activeIndex {
            onChange()
        }
    }

    func webStateListDestroyed(_ list: WebStateList) {
        observation = nil
        onChange()
    }
}
