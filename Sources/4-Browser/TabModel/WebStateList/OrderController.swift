import Web

/// Decides where tabs are inserted and which tab becomes active when the active one is
/// removed (Chromium's OrderController). Works on a ``WebStateList``'s current state.
@MainActor
public struct OrderController {
    private let list: WebStateList

    /// A controller for `list`.
    public init(list: WebStateList) { self.list = list }

    /// The index at which to insert a tab: `desiredIndex` if given, else after the
    /// opener's last child (or right after the opener), else the end of the allowed range
    /// (the group's, the pinned section's or the regular section's). Any index outside the
    /// range becomes the range's end.
    public func insertionIndex(desiredIndex: Int?, openerIndex: Int?, pinned: Bool, group: TabGroup?) -> Int {
        let range: ClosedRange<Int>
        if let group, group.range.count > 0 || group.range.start >= 0 {
            range = group.range.start...group.range.end
        } else if pinned {
            range = 0...list.pinnedCount
        } else {
            range = list.pinnedCount...list.count
        }
        var index: Int
        if let desiredIndex {
            index = desiredIndex
        } else if let openerIndex {
            index = (lastChildIndex(ofOpenerAt: openerIndex) ?? openerIndex) + 1
        } else {
            index = range.upperBound
        }
        if !range.contains(index) { index = range.upperBound }
        return index
    }

    /// The last tab (cyclically after the opener) whose recorded opener is the tab at
    /// `openerIndex` at its current committed navigation index.
    private func lastChildIndex(ofOpenerAt openerIndex: Int) -> Int? {
        let opener = list.items[openerIndex].webState
        let navigationIndex = opener.navigationManagerIfRealized?.lastCommittedItemIndex ?? -1
        let count = list.count
        var found: Int?
        for step in 1..<max(count, 1) {
            let i = (openerIndex + step) % count
            if let o = list.items[i].opener, o.webState === opener, o.navigationIndex == navigationIndex {
                found = i
            }
        }
        return found
    }

    /// The index (before removal) of the tab to activate when `removing` is removed while
    /// the tab at `activeIndex` is active; nil when no tab should be active.
    public func newActiveIndex(activeIndex: Int?, removing: RemovingIndexes) -> Int? {
        guard let active = activeIndex else { return nil }
        let count = list.count
        if removing.count >= count { return nil }
        if !removing.contains(active) { return active }
        let items = list.items
        let activeWebState = items[active].webState

        // A child of the active tab.
        if let child = firstCyclic(
            after: active, where: { items[$0].opener?.webState === activeWebState }, removing)
        {
            return child
        }
        // A sibling (same opener), else the opener.
        if let opener = items[active].opener?.webState {
            if let sibling = firstCyclic(
                after: active, where: { items[$0].opener?.webState === opener }, removing)
            {
                return sibling
            }
            if let openerIndex = list.index(of: opener), !removing.contains(openerIndex) {
                return openerIndex
            }
        }
        // Removing within one group: stay in that group.
        if let firstGroup = items[removing.indices.first!].group, firstGroup.range.isValid,
            items[removing.indices.last!].group === firstGroup,
            let index = closest(to: active, in: firstGroup.range.indices, removing, skipCollapsed: false)
        {
            return index
        }
        let pinnedCount = list.pinnedCount
        let section = active < pinnedCount ? 0..<pinnedCount : pinnedCount..<count
        let other = active < pinnedCount ? pinnedCount..<count : 0..<pinnedCount
        if let index = closest(to: active, in: section, removing, skipCollapsed: true) { return index }
        if let index = closest(to: active, in: section, removing, skipCollapsed: false) { return index }
        if let index = closest(to: active, in: other, removing, skipCollapsed: false) { return index }
        return nil
    }

    private func firstCyclic(
        after start: Int, where matches: (Int) -> Bool, _ removing: RemovingIndexes
    ) -> Int? {
        let count = list.count
        for step in 1..<max(count, 1) {
            let i = (start + step) % count
            if matches(i) && !removing.contains(i) { return i }
        }
        return nil
    }

    /// Scans `index+1 ..< range.end`, then `index-1` down to `range.start` (clamped into the
    /// range when `index` is outside it).
    private func closest(
        to index: Int, in range: Range<Int>, _ removing: RemovingIndexes, skipCollapsed: Bool
    )
        -> Int?
    {
        guard !range.isEmpty else { return nil }
        let items = list.items
        func eligible(_ i: Int) -> Bool {
            if removing.contains(i) { return false }
            if skipCollapsed, let group = items[i].group, group.visualData.isCollapsed { return false }
            return true
        }
        // `index` may be past the range (a regular tab looking into the pinned section).
        let forwardStart = max(index + 1, range.lowerBound)
        for i in stride(from: forwardStart, to: range.upperBound, by: 1) where eligible(i) { return i }
        var i = min(index - 1, range.upperBound - 1)
        while i >= range.lowerBound {
            if eligible(i) { return i }
            i -= 1
        }
        return nil
    }
}
