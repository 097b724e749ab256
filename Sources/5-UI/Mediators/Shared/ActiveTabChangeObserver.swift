import TabModel
import Web

/// Calls back when a list's active tab changes (or is replaced, or the list is destroyed),
/// for mediators that show the active tab's state.
@MainActor
final class ActiveTabChangeObserver: WebStateListObserver {
    private weak var list: WebStateList?
    private let onChange: @MainActor () -> Void

    init(list: WebStateList, onChange: @escaping @MainActor () -> Void) {
        self.list = list
        self.onChange = onChange
        list.addObserver(self)
    }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        if status.activeWebStateChanged {
            onChange()
        } else if case .replace(let replace) = change, replace.index == list.activeIndex {
            onChange()
        }
    }

    func webStateListDestroyed(_ list: WebStateList) {
        list.removeObserver(self)
        onChange()
    }

    isolated deinit {
        if let list, !list.isDestroyed { list.removeObserver(self) }
    }
}
