public import Foundation
public import Web

extension WebStateList {
    // MARK: Queries

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }
    /// The number of tabs that are not pinned.
    public var regularCount: Int { items.count - pinnedCount }
    public var activeIndex: Int? { activeIndexStorage >= 0 ? activeIndexStorage : nil }
    /// The tab at ``activeIndex``.
    public var activeWebState: WebState? {
        activeIndexStorage >= 0 ? items[activeIndexStorage].webState : nil
    }
    /// Every tab, in order.
    public var webStates: [WebState] { items.map(\.webState) }
    /// Whether `index` is in `0 ..< count`.
    public func containsIndex(_ index: Int) -> Bool { index >= 0 && index < items.count }

    /// The tab at `index`; an invalid index is a programming error.
    public func webState(at index: Int) -> WebState {
        checkIndex(index)
        return items[index].webState
    }

    /// Whether `webState` is in the list (O(1)).
    public func contains(_ webState: WebState) -> Bool { members.contains(ObjectIdentifier(webState)) }

    /// The index of `webState` (a scan of the list, skipped when it is not a member).
    public func index(of webState: WebState) -> Int? {
        guard contains(webState) else { return nil }
        for index in items.indices where items[index].webState === webState { return index }
        return nil
    }

    /// The index of the first tab whose visible URL is `url`.
    public func indexOfWebState(withURL url: URL) -> Int? {
        items.firstIndex { $0.webState.visibleURL == url }
    }

    /// The index of the first tab other than the active one whose visible URL is `url`.
    public func indexOfInactiveWebState(withURL url: URL) -> Int? {
        items.indices.first { $0 != activeIndexStorage && items[$0].webState.visibleURL == url }
    }

    /// The opener of the tab at `index`; an invalid index is a programming error.
    public func opener(at index: Int) -> WebStateOpener? {
        checkIndex(index)
        return items[index].opener
    }

    /// Whether the tab at `index` is pinned; an invalid index is a programming error.
    public func isPinned(at index: Int) -> Bool {
        checkIndex(index)
        return index < pinnedCount
    }

    /// The group of the tab at `index`; an invalid index is a programming error.
    public func group(at index: Int) -> TabGroup? {
        checkIndex(index)
        return items[index].group
    }

    /// Every group (unordered).
    public var groups: Set<TabGroup> { groupSet }

    public func containsGroup(_ group: TabGroup) -> Bool { groupSet.contains(group) }

    public func group(withID id: TabGroupID) -> TabGroup? { groupSet.first { $0.id == id } }
}
