public import Foundation

extension BookmarkModel {
    /// Adds an empty folder at `index` of `parent` (Chromium's `AddFolder`).
    @discardableResult
    public func addFolder(to parent: BookmarkNode, at index: Int, title: String) -> BookmarkNode {
        checkInsertion(into: parent, at: index, "addFolder(to:at:title:)")
        return add(
            BookmarkNode(id: takeID(), guid: UUID(), kind: .folder, title: title, dateAdded: now()),
            to: parent,
            at: index)
    }

    /// Adds a bookmark of `url` at `index` of `parent` (Chromium's `AddURL`); `dateAdded`
    /// is now unless given (an import keeps the source's).
    @discardableResult
    public func addURL(
        to parent: BookmarkNode, at index: Int, title: String, url: URL, dateAdded: Date? = nil
    ) -> BookmarkNode {
        checkInsertion(into: parent, at: index, "addURL(to:at:title:url:dateAdded:)")
        return add(
            BookmarkNode(
                id: takeID(), guid: UUID(), kind: .url, title: title, url: url, dateAdded: dateAdded ?? now()),
            to: parent, at: index)
    }

    /// Moves `node` to `index` of `newParent`, the index counted among `newParent`'s children
    /// *before* the move, as Chromium's `BookmarkModel::Move` does: within one folder, moving
    /// to `oldIndex` or `oldIndex + 1` changes nothing, and a larger index lands one lower
    /// once the node has left its old place. The new parent's ``BookmarkNode/dateModified``
    /// becomes now.
    public func move(_ node: BookmarkNode, to newParent: BookmarkNode, at index: Int) {
        let method = "BookmarkModel.move(_:to:at:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(!node.isPermanent, "\(method): a permanent folder cannot move")
        precondition(
            node.parent != nil && nodesByID[node.id] === node, "\(method): the node is not in the model")
        precondition(
            newParent.isFolder && newParent.kind != .root && nodesByID[newParent.id] === newParent,
            "\(method): the new parent is not a folder of the model")
        precondition(!newParent.hasAncestor(node), "\(method): a folder cannot move into its own subtree")
        precondition(
            index >= 0 && index <= newParent.children.count,
            "\(method): index \(index) out of range 0...\(newParent.children.count)")
        let oldParent = node.parent!
        let oldIndex = oldParent.index(of: node)!
        if oldParent === newParent && (index == oldIndex || index == oldIndex + 1) { return }
        newParent.dateModified = now()
        let newIndex = oldParent === newParent && index > oldIndex ? index - 1 : index
        oldParent.children.remove(at: oldIndex)
        newParent.children.insert(node, at: newIndex)
        node.parent = newParent
        if oldParent === newParent {
            persist(children: [newParent], from: min(oldIndex, newIndex))
        } else {
            persist(children: [oldParent], from: oldIndex)
            persist(children: [newParent], from: newIndex)
        }
        persist(nodes: [newParent])
        commitIfNotBatching()
        observers.forEach {
            $0.bookmarkModel(self, didMove: node, from: oldParent, at: oldIndex, to: newParent, at: newIndex)
        }
    }

    /// Renames `node` (Chromium's `SetTitle`); the permanent folders keep their names.
    public func setTitle(_ node: BookmarkNode, _ title: String) {
        let method = "BookmarkModel.setTitle(_:_:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(!node.isPermanent, "\(method): a permanent folder keeps its title")
        precondition(nodesByID[node.id] === node, "\(method): the node is not in the model")
        guard node.title != title else { return }
        node.title = title
        if node.isURL { node.dateModified = now() }
        persist(nodes: [node])
        commitIfNotBatching()
        observers.forEach { $0.bookmarkModel(self, didChange: node) }
    }

    /// Points the bookmark `node` at `url` (Chromium's `SetURL`).
    public func setURL(_ node: BookmarkNode, _ url: URL) {
        let method = "BookmarkModel.setURL(_:_:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(!node.isPermanent, "\(method): a permanent folder has no URL")
        precondition(node.isURL, "\(method): a folder has no URL")
        precondition(nodesByID[node.id] === node, "\(method): the node is not in the model")
        guard let old = node.url, old != url else { return }
        unindex(node, old)
        node.url = url
        nodesByURL[url, default: []].append(node)
        node.dateModified = now()
        persist(nodes: [node])
        commitIfNotBatching()
        observers.forEach { $0.bookmarkModel(self, didChange: node) }
    }

    /// Records that the bookmark was opened (Chromium's `UpdateLastUsedTime`); observers
    /// are not told, as Chromium's `BookmarkNodeChanged` is not for it either.
    public func updateLastUsedTime(_ node: BookmarkNode, _ date: Date) {
        precondition(
            nodesByID[node.id] === node && !node.isPermanent,
            "BookmarkModel.updateLastUsedTime(_:_:): the node is not a bookmark of the model")
        node.dateLastUsed = date
        persist(nodes: [node])
        commitIfNotBatching()
    }

    /// Puts the children of `folder` in the order of `ordered`, which holds each of them once
    /// (Chromium's `ReorderChildren`).
    public func reorderChildren(of folder: BookmarkNode, _ ordered: [BookmarkNode]) {
        let method = "BookmarkModel.reorderChildren(of:_:)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(folder.isFolder && folder.kind != .root, "\(method): not a folder of the model")
        precondition(
            ordered.count == folder.children.count
                && Set(ordered.map(ObjectIdentifier.init)) == Set(folder.children.map(ObjectIdentifier.init)),
            "\(method): the order must hold every child of the folder once")
        guard ordered.map(ObjectIdentifier.init) != folder.children.map(ObjectIdentifier.init) else { return }
        folder.children = ordered
        persist(children: [folder])
        commitIfNotBatching()
        observers.forEach { $0.bookmarkModel(self, childrenReorderedIn: folder) }
    }

    /// Sorts the children of `folder` as Chromium's `SortChildren` does: folders first, then
    /// by title (compared as the user's locale does), a bookmark without a title by its URL.
    public func sortChildren(of folder: BookmarkNode) {
        let sorted = folder.children.sorted { lhs, rhs in
            if lhs.isFolder != rhs.isFolder { return lhs.isFolder }
            let left = lhs.title.isEmpty ? lhs.url?.absoluteString ?? "" : lhs.title
            let right = rhs.title.isEmpty ? rhs.url?.absoluteString ?? "" : rhs.title
            return left.localizedStandardCompare(right) == .orderedAscending
        }
        reorderChildren(of: folder, sorted)
    }

    // MARK: Helpers

    func takeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    func checkInsertion(into parent: BookmarkNode, at index: Int, _ name: String) {
        let method = "BookmarkModel.\(name)"
        precondition(isLoaded, "\(method): the model is not loaded yet")
        precondition(
            parent.isFolder && parent.kind != .root && nodesByID[parent.id] === parent,
            "\(method): the parent is not a folder of the model")
        precondition(
            index >= 0 && index <= parent.children.count,
            "\(method): index \(index) out of range 0...\(parent.children.count)")
    }

    /// Adds `node` and its subtree, dating the parent's change when `dateParent`.
    func add(
        _ node: BookmarkNode, to parent: BookmarkNode, at index: Int, dateParent: Bool = true
    ) -> BookmarkNode {
        attach(node, to: parent, at: index)
        if dateParent { parent.dateModified = now() }
        persist(children: [parent], from: index)
        persist(nodes: [parent])
        persist(children: node.subtree.filter(\.isFolder))
        commitIfNotBatching()
        observers.forEach { $0.bookmarkModel(self, didAdd: node, to: parent, at: index) }
        return node
    }
}
