extension BookmarkModel {
    /// Moves `nodes`, in their tree order, to `index` of `newParent` (counted before the
    /// move, as ``move(_:to:at:)`` counts it), side by side, in one batch of extensive
    /// changes: the Bookmarks window's drag of many rows. A node below another one of `nodes`
    /// moves with that one. The observers hear of each move once all are made, with the index
    /// each node had before and has after; nothing changes, and they hear nothing, when the
    /// nodes are where they would go.
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
        let moving = topNodes(of: nodes)
            .map { (node: $0, path: positions.path(of: $0), from: $0.parent!, at: positions.index(of: $0)) }
            .sorted { $0.path.lexicographicallyPrecedes($1.path) }
        let moved = Set(moving.map { ObjectIdentifier($0.node) })
        // Where they land once they have left: the index less those of them before it.
        let target = index - newParent.children.prefix(index).count { moved.contains(ObjectIdentifier($0)) }
        var order = newParent.children.filter { !moved.contains(ObjectIdentifier($0)) }
        order.insert(contentsOf: moving.map(\.node), at: target)
        guard order.map(ObjectIdentifier.init) != newParent.children.map(ObjectIdentifier.init) else {
            return
        }
        // Every folder they leave loses them in one pass, and the new parent takes them in
        // one (a drag of 10,000 rows searches no folder once a row).
        performExtensiveChanges {
            var firstChanged: [ObjectIdentifier: (folder: BookmarkNode, index: Int)] = [:]
            for entry in moving where entry.from !== newParent {
                let key = ObjectIdentifier(entry.from)
                firstChanged[key] = (entry.from, min(firstChanged[key]?.index ?? entry.at, entry.at))
            }
            for (folder, first) in firstChanged.values {
                folder.children.removeAll { moved.contains(ObjectIdentifier($0)) }
                persist(children: [folder], from: first)
            }
            let firstInNewParent =
                zip(order, newParent.children).enumerated()
                .first { $0.element.0 !== $0.element.1 }?.offset ?? min(order.count, newParent.children.count)
            newParent.children = order
            for entry in moving { entry.node.parent = newParent }
            newParent.dateModified = now()
            persist(children: [newParent], from: firstInNewParent)
            persist(nodes: [newParent])
            for (offset, entry) in moving.enumerated() {
                observers.forEach {
                    $0.bookmarkModel(
                        self, didMove: entry.node, from: entry.from, at: entry.at, to: newParent,
                        at: target + offset)
                }
            }
        }
    }
}
