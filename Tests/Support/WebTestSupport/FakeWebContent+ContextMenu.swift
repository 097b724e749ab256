public import Foundation
public import Web

extension FakeWebContent {
    /// Records the download; nothing is fetched.
    public func download(_ url: URL, to destination: URL) {
        precondition(!isClosed, "FakeWebContent.download(_:to:): used after close()")
        downloads.append((url, destination))
    }

    /// Records the page as saved and completes at once.
    public func savePage(to destination: URL, completion: @escaping @MainActor (Bool) -> Void) {
        precondition(!isClosed, "FakeWebContent.savePage(to:completion:): used after close()")
        savedPages.append(destination)
        completion(lastCommittedURL != nil)
    }

    /// The user asks for the context menu over what `params` describes (its page URL is the
    /// committed page's): the menu the delegate gives, nil for the engine's own.
    public func requestContextMenu(_ params: ContextMenuParams) -> [[ContextMenuItem]]? {
        var params = params
        params.pageURL = lastCommittedURL
        return delegate?.webContent(self, contextMenuFor: params)
    }
}
