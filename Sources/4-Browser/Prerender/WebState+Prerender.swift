import Foundation
import Web

extension WebState {
    /// A new realized WebState in `source`'s context with a copy of `source`'s back/forward
    /// list (its committed entry not loaded), made for a page of `url`'s site, which the
    /// caller loads next: after the swap, Back goes to the pages of the tab it replaced
    /// (Chromium's `PreloadController` creates its WebState from
    /// `webStateToReplace->BuildSessionStorage()`).
    static func prerenderClone(of source: WebState, for url: URL) -> WebState {
        let clone = WebState(params: .init(context: source.context, url: url))
        clone.copyHistory(of: source)
        return clone
    }
}
