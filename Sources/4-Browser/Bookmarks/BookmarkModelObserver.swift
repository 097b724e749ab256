/// Hears of every change of a ``BookmarkModel``, after Chromium's `BookmarkModelObserver`
/// (components/bookmarks/browser/bookmark_model_observer.h). Every method does nothing
/// unless implemented.
@MainActor
public protocol BookmarkModelObserver: AnyObject {
    /// The stored bookmarks have been read; before this the model holds its empty
    /// permanent folders only.
    func bookmarkModelLoaded(_ model: BookmarkModel)
    func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int)
    /// `node` (with its subtree) was at `index` of `parent`; it is no longer in the model.
    func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int)
    func bookmarkModel(
        _ model: BookmarkModel, didMove node: BookmarkNode, from oldParent: BookmarkNode, at oldIndex: Int,
        to newParent: BookmarkNode, at newIndex: Int)
    /// Its title or URL changed (Chromium's `BookmarkNodeChanged`).
    func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode)
    func bookmarkModel(_ model: BookmarkModel, childrenReorderedIn folder: BookmarkNode)
    /// Many changes follow (an import): an observer may stop updating its view until
    /// ``bookmarkModelDidEndExtensiveChanges(_:)`` (Chromium's
    /// `ExtensiveBookmarkChangesBeginning`). Nested batches are told once.
    func bookmarkModelWillBeginExtensiveChanges(_ model: BookmarkModel)
    func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel)
}

extension BookmarkModelObserver {
    public func bookmarkModelLoaded(_ model: BookmarkModel) {}
    public func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int
    ) {}
    public func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int
    ) {}
    public func bookmarkModel(
        _ model: BookmarkModel, didMove node: BookmarkNode, from oldParent: BookmarkNode, at oldIndex: Int,
        to newParent: BookmarkNode, at newIndex: Int
    ) {}
    public func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode) {}
    public func bookmarkModel(_ model: BookmarkModel, childrenReorderedIn folder: BookmarkNode) {}
    public func bookmarkModelWillBeginExtensiveChanges(_ model: BookmarkModel) {}
    public func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel) {}
}
