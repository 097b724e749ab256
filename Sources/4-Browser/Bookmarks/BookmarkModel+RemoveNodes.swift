extension BookmarkModel {
    /// Removes `nodes` with their subtrees in one batch of extensive changes (the Bookmarks
    /// window's delete of many rows; Chromium's bookmark manager deletes a selection the same
    /// way, `chrome/browser/ui/bookmarks/bookmark_utils_desktop.cc`), and returns what
    /// ``undoRemoveNodes(_:)`` needs to put them all back. A node below another one of
    /// `nodes` goes with that one; a node given twice is removed once.
    ///
    /// The removals are made last first in the tree's order, so that none moves a node
    /// removed after it: each ``BookmarkRemoval`` keeps the index its node had then, and
    /// putting them back in the opposite order restores every index. A folder's removed
    /// children leave it at once (one pass over the folder, not one a node: 10,000 rows of
    /// one folder cost no more than a few), and the observers then hear of each removal, in
    /// the order the removals are made, inside the batch.
    @discardableResult
    public func removeNodes(_ nodes: [BookmarkNode]) -> [BookmarkRemoval] {
        let method = "BookmarkModel.removeNodes(_:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        for node in nodes {
            precondition(!node.isPermanent, "\(method): a permanent folder cannot be removed")
            precondition(nodesByID[node.id] === node, "\(method): a node is not in the model")
        }
        var positions = ChildPositions()
        let ordered = topNodes(of: nodes)
            .map { ($0, positions.path(of: $0)) }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
            .reversed()
            .map(\.0)
        var removals: [(node: BookmarkNode, parent: BookmarkNode, removal: BookmarkRemoval)] = []
        for node in ordered {
            let parent = node.parent!
            let index = positions.index(of: node)
            var rows = [row(node, position: index)]
            var next = 0
            while next < rows.count {
                let folder = nodesByID[rows[next].id]!
                rows += folder.children.enumerated().map { row($1, position: $0) }
                next += 1
            }
            removals.append((node, parent, BookmarkRemoval(parentID: parent.id, index: index, rows: rows)))
        }
        performExtensiveChanges {
            var removedByParent:
                [ObjectIdentifier: (parent: BookmarkNode, first: Int, nodes: Set<ObjectIdentifier>)] =
                    [:]
            for (node, parent, removal) in removals {
                let key = ObjectIdentifier(parent)
                var entry = removedByParent[key] ?? (parent, removal.index, [])
                entry.first = min(entry.first, removal.index)
                entry.nodes.insert(ObjectIdentifier(node))
                removedByParent[key] = entry
            }
            for (parent, first, removed) in removedByParent.values {
                parent.children.removeAll { removed.contains(ObjectIdentifier($0)) }
                persist(children: [parent], from: first)
            }
            for (node, _, removal) in removals {
                node.parent = nil
                for gone in node.subtree {
                    nodesByID[gone.id] = nil
                    if let url = gone.url { unindex(gone, url) }
                }
                persistDeletion(of: removal.rows.map(\.id))
            }
            for (node, parent, removal) in removals {
                observers.forEach { $0.bookmarkModel(self, didRemove: node, from: parent, at: removal.index) }
            }
        }
        return removals.map(\.removal)
    }

    /// Puts back, in one batch, what ``removeNodes(_:)`` took away (`removals` as it returned
    /// them), with their ids, GUIDs and dates, and returns the nodes put back. A removal that
    /// cannot be undone (its folder is gone, or it was undone already) is skipped, as
    /// ``undoRemove(_:)`` skips it. Each folder's rows are written once, from the first node
    /// put back (not once a node: 5,000 rows put back into a folder of 10,000 would write
    /// millions), and the observers then hear of each addition.
    @discardableResult
    public func undoRemoveNodes(_ removals: [BookmarkRemoval]) -> [BookmarkNode] {
        precondition(isLoaded, "BookmarkModel.undoRemoveNodes(_:): the model is not loaded yet")
        return performExtensiveChanges {
            var added: [(node: BookmarkNode, parent: BookmarkNode, index: Int)] = []
            var firstChanged: [ObjectIdentifier: (folder: BookmarkNode, index: Int)] = [:]
            for removal in removals.reversed() {
                guard let parent = nodesByID[removal.parentID], parent.isFolder, parent.kind != .root,
                    let top = rebuiltSubtree(removal)
                else { continue }
                let index = min(removal.index, parent.children.count)
                attach(top, to: parent, at: index)
                nextID = max(nextID, (removal.rows.map(\.id).max() ?? 0) + 1)
                let key = ObjectIdentifier(parent)
                firstChanged[key] = (parent, min(firstChanged[key]?.index ?? index, index))
                persist(children: top.subtree.filter(\.isFolder))
                added.append((top, parent, index))
            }
            for (folder, first) in firstChanged.values { persist(children: [folder], from: first) }
            persist(nodes: firstChanged.values.map(\.folder))
            for entry in added {
                observers.forEach {
                    $0.bookmarkModel(self, didAdd: entry.node, to: entry.parent, at: entry.index)
                }
            }
            return added.map(\.node)
        }
    }

    /// The subtree `removal` took away, made again with its ids, GUIDs and dates (not in the
    /// tree yet); nil when it is empty or a node of it is back in the model already.
    func rebuiltSubtree(_ removal: BookmarkRemoval) -> BookmarkNode? {
        guard let top = removal.rows.first, removal.rows.allSatisfy({ nodesByID[$0.id] == nil }) else {
            return nil
        }
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
        return topNode
    }

    /// `nodes` without those below another one of them, each once, in their order.
    func topNodes(of nodes: [BookmarkNode]) -> [BookmarkNode] {
        let given = Set(nodes.map(\.id))
        var seen: Set<Int64> = []
        return nodes.filter { node in
            var ancestor = node.parent
            while let current = ancestor {
                if given.contains(current.id) { return false }
                ancestor = current.parent
            }
            return seen.insert(node.id).inserted
        }
    }

    /// The positions of nodes among their siblings, each folder's read once (a node's
    /// ``BookmarkNode/index(of:)`` is a search of its folder).
    struct ChildPositions {
        private var byFolder: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]

        @MainActor
        mutating func index(of node: BookmarkNode) -> Int {
            guard let parent = node.parent else { return 0 }
            let key = ObjectIdentifier(parent)
            if byFolder[key] == nil {
                var positions: [ObjectIdentifier: Int] = [:]
                positions.reserveCapacity(parent.children.count)
                for (index, child) in parent.children.enumerated() {
                    positions[ObjectIdentifier(child)] = index
                }
                byFolder[key] = positions
            }
            return byFolder[key]![ObjectIdentifier(node)]!
        }

        /// The indexes from the root down to `node`.
        @MainActor
        mutating func path(of node: BookmarkNode) -> [Int] {
            var path: [Int] = []
            var current = node
            while let parent = current.parent {
                path.append(index(of: current))
                current = parent
            }
            return path.reversed()
        }
    }
}
