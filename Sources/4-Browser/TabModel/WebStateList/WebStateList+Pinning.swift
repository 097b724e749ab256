extension WebStateList {
    // MARK: Pinning

    /// Pins or unpins the tab at `index` and returns its new index. Pinning moves it to the
    /// end of the pinned section and out of its group; unpinning moves it to the end.
    @discardableResult
    public func setPinned(at index: Int, _ pinned: Bool) -> Int {
        locked {
            checkIndex(index)
            guard isPinned(at: index) != pinned else { return index }
            let destination: Int
            if pinned {
                destination = pinnedCount
                pinnedCount += 1
            } else {
                destination = items.count - 1
                pinnedCount -= 1
            }
            moveItem(from: index, to: destination, newGroup: nil, pinned: pinned, pinnedStateChanged: true)
            return destination
        }
    }
}
