import Foundation

/// The saved title of a restored tab and the page it belongs to.
struct RestoredTitle {
    let title: String
    let url: URL

    /// Whether it still stands after `event`: not once the page has a title of its own, nor
    /// once another page committed.
    @MainActor func outlives(_ event: WebContentEvent, content: any WebContent) -> Bool {
        switch event {
        case .titleChanged: content.title.isEmpty
        case .didFinishNavigation(let context): !context.hasCommitted || context.url == url
        default: true
        }
    }
}
