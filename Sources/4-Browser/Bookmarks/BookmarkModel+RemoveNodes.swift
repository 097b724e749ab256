extension BookmarkModel {
    /// Removes `nodes` with their subtrees in one batch of extensive changes (the Bookmarks
    /// window's delete of many rows; Chromium's bookmark manager deletes a selection the same
    /// way, `chrome/browser/ui/bookmarks/bookmark_utils_desktop.cc`), and returns what
    /// ``undoRemoveNodes(_:)`` needs to put them all back. A node below another one of
    /// `nodes` goes with that one; a node given twice is removed once.
    ///
    /// The nodes are removed last first in the tree's order, so that no removal moves a node
    /// removed after it: each ``BookmarkRemoval`` keeps the index its node had then, and
    /// putting them back in the opposite order restores every index.
    @discardableResult
    public func removeNodes(_ nodes: [BookmarkNode]) -> [BookmarkRemoval] {
        let method = "BookmarkModel.removeNodes(_:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        for node in nodes {
            precondition(!node.isPermanent, "\(method): a permanent folder cannot be removed")
            precondition(nodesByID[node.id] === node, "\(method): a node is not in the model")
        }
        let given = Set(nodes.map(\.id))
        var seen: Set<Int64> = []
        let tops = nodes.filter { node in
            var ancestor = node.parent
            while let current = ancestor {
                if given.contains(current.id) { return false }
                ancestor = current.parent
            }
            return seen.insert(node.id).inserted
        }
        let ordered = tops.map { ($0, indexPath(of: $0)) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }
        return performExtensiveChanges { ordered.reversed().map { remove($0.0) } }
    }

    /// Puts back, in one batch, what ``removeNodes(_:)`` took away (`removals` as it returned
    /// them), and returns the nodes put back. A removal that cannot be undone (its folder is
    /// gone, or it was undone already) is skipped, as ``undoRemove(_:)`` skips it.
    @discardableResult
    public func undoRemoveNodes(_ removals: [BookmarkRemoval]) -> [BookmarkNode] {
        precondition(isLoaded, "BookmarkModel.undoRemoveNodes(_:): the model is not loaded yet")
        return performExtensiveChanges { removals.reversed().compactMap { undoRemove($0) } }
    }

    /// The indexes from the root down to `node`.
    func indexPath(of node: BookmarkNode) -> [Int] {
        var path: [Int] = []
        var current = node
        while let parent = current.parent {
            path.append(parent.index(of: current) ?? 0)
            current = parent
        }
        return path.reversed()
    }
}
