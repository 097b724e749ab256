/// Closes every tab of `list`, in one batch.
@MainActor
public func closeAllWebStates(_ list: WebStateList, flags: WebStateListCloseFlags = []) {
    list.performBatchOperation { list.closeWebStates(atIndices: 0..<list.count, flags: flags) }
}

/// Closes every tab of `list` that is not pinned, in one batch.
@MainActor
public func closeAllNonPinnedWebStates(_ list: WebStateList, flags: WebStateListCloseFlags = []) {
    list.performBatchOperation { list.closeWebStates(atIndices: list.pinnedCount..<list.count, flags: flags) }
}

/// Closes every tab of `group` in `list`, in one batch.
@MainActor
public func closeAllWebStatesInGroup(
    _ list: WebStateList, _ group: TabGroup, flags: WebStateListCloseFlags = []
) {
    precondition(list.containsGroup(group), "closeAllWebStatesInGroup: the group is not in the list")
    list.performBatchOperation { list.closeWebStates(atIndices: group.range.indices, flags: flags) }
}

/// Closes every tab of `list` except the one at `index` and the pinned ones, in one batch.
@MainActor
public func closeOtherWebStates(_ list: WebStateList, keeping index: Int, flags: WebStateListCloseFlags = [])
{
    precondition(list.containsIndex(index), "closeOtherWebStates: index \(index) out of range")
    list.performBatchOperation {
        list.closeWebStates(atIndices: (list.pinnedCount..<list.count).filter { $0 != index }, flags: flags)
    }
}
