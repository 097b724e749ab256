extension BookmarkModel {
    /// Moves `nodes`, in their tree order, to `index` of `newParent` (counted before the
    /// move, as ``move(_:to:at:)`` counts it), one after the other, in one batch of extensive
    /// changes: the Bookmarks window's drag of many rows. A node below another one of `nodes`
    /// moves with that one.
    public func moveNodes(_ nodes: [BookmarkNode], to newParent: BookmarkNode, at index: Int) {
        let method = "BookmarkModel.moveNodes(_:to:at:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(
            newParent.isFolder && newParent.kind != .root && nodesByID[newParent.id] === newParent,
            "\(method): the new parent is not a folder of the model")
        precondition(
            index >= 0 && index <= newParent.children.count,
            "\(method): index \(index) out of range 0...\(newParent.children.count)")
        for node in nodes {
            precondition(!node.isPermanent, "\(method): a permanent folder cannot move")
            precondition(nodesByID[node.id] === node, "\(method): a node is not in the model")
            precondition(!newParent.hasAncestor(node), "\(method): a folder cannot move into its own subtree")
        }
        var positions = ChildPositions()
        let ordered = topNodes(of: nodes)
            .map { ($0, positions.path(of: $0)) }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
        performExtensiveChanges {
            var target = index
            for (node, _) in ordered {
                // A node before the target in the same folder leaves a gap the next one fills.
                let wasBefore = node.parent === newParent && newParent.index(of: node)! < target
                move(node, to: newParent, at: target)
                if !wasBefore { target += 1 }
            }
        }
    }
}
