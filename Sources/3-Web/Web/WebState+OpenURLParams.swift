public import Foundation

extension WebState {
    /// What a tab asks its delegate to open elsewhere (Chromium's `WebState::OpenURLParams`,
    /// `ios/web/public/web_state.h`).
    public struct OpenURLParams: Sendable, Equatable {
        /// The page to load.
        public var url: URL
        /// Where it opens.
        public var disposition: WindowOpenDisposition
        /// Whether the page started it (a click on a link) rather than the browser.
        public var isRendererInitiated: Bool

        public init(url: URL, disposition: WindowOpenDisposition, isRendererInitiated: Bool = true) {
            self.url = url
            self.disposition = disposition
            self.isRendererInitiated = isRendererInitiated
        }
    }
}
