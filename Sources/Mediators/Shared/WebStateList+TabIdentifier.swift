import TabModel
import UIInterfaces
import Web

extension WebStateList {
    /// The index of the tab the UI knows as `id`, if it is in the list.
    func index(of id: TabIdentifier) -> Int? {
        webStates.firstIndex { TabIdentifier($0) == id }
    }
}
