import TabModel
import UIInterfaces
import Web

extension WebStateList {
    /// The index of the tab the UI knows as `id`, if it is in the list.
    func index(of id: TabIdentifier) -> Int? {
        webStates.firstIndex { TabIdentifier($0) == id }
    }

    /// The active tab, or nil once the list is destroyed (mediators still answer their
    /// consumers while a closing window's list goes away).
    var activeWebStateIfAlive: WebState? { isDestroyed ? nil : activeWebState }
}
