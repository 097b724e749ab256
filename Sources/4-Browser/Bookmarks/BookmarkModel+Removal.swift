extension BookmarkModel {
    /// Removes `node` with its subtree (Chromium's `Remove`), and returns what
    /// ``undoRemove(_:)`` needs to put it back.
    @discardableResult
    public func remove(_ node: BookmarkNode) -> BookmarkRemoval {
        let method = "BookmarkModel.remove(_:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(!node.isPermanent, "\(method): a permanent folder cannot be removed")
        precondition(nodesByID[node.id] === node, "\(method): the node is not in the model")
        let parent = node.parent!
        let index = parent.index(of: node)!
        var rows = [row(node, position: index)]
        var next = 0
        while next < rows.count {
            let folder = nodesByID[rows[next].id]!
            rows += folder.children.enumerated().map { row($1, position: $0) }
            next += 1
        }
        detach(node)
        persistDeletion(of: rows.map(\.id))
        persist(children: [parent], from: index)
        commitIfNotBatching()
        observers.forEach { $0.bookmarkModel(self, didRemove: node, from: parent, at: index) }
        return BookmarkRemoval(parentID: parent.id, index: index, rows: rows)
    }

    /// Removes every bookmark and folder the user made, the permanent folders left empty
    /// (Chromium's `RemoveAllUserBookmarks`), in one batch.
    public func removeAllUserBookmarks() {
        performExtensiveChanges {
            for folder in [bookmarksMenu, otherBookmarks] {
                for child in folder.children.reversed() { remove(child) }
            }
        }
    }

    /// Puts back what `removal` took away, at its index (or at the end, should the folder
    /// hold fewer children now), with its ids, GUIDs and dates, and returns its top node.
    /// Nil, and nothing changes, when the folder is gone or a node is back already (an undo
    /// done twice).
    @discardableResult
    public func undoRemove(_ removal: BookmarkRemoval) -> BookmarkNode? {
        precondition(isLoaded, "BookmarkModel.undoRemove(_:): the model is not loaded yet")
        guard let parent = nodesByID[removal.parentID], parent.isFolder, parent.kind != .root,
            let top = removal.rows.first, removal.rows.allSatisfy({ nodesByID[$0.id] == nil })
        else { return nil }
        let topNode = makeNode(top)
        var made: [Int64: BookmarkNode] = [top.id: topNode]
        for row in removal.rows.dropFirst() {
            guard let rowParent = made[row.parentID] else { continue }
            let node = makeNode(row)
            node.parent = rowParent
            rowParent.children.append(node)
            made[row.id] = node
        }
        let positions = Dictionary(removal.rows.map { ($0.id, $0.position) }) { first, _ in first }
        for folder in made.values where folder.isFolder {
            folder.children.sort { positions[$0.id]! < positions[$1.id]! }
        }
        nextID = max(nextID, (removal.rows.map(\.id).max() ?? 0) + 1)
        return add(topNode, to: parent, at: min(removal.index, parent.children.count), dateParent: false)
    }
}
