public import Foundation

extension WebState {
    /// Parameters for a fresh (realized) WebState.
    public struct CreateParams {
        /// The profile's engine context the content is bound to.
        public var context: any WebEngineContext
        /// Whether another tab opened this one.
        public var createdWithOpener: Bool
        /// The last active time (defaults to now).
        public var lastActiveTime: Date?
        /// The WebState whose page opened this one: the content is then the engine's
        /// related one (``WebContent/makeRelatedContent()``), and ``createdWithOpener`` is
        /// implied. It must share ``context``.
        public var opener: WebState?
        /// The page the caller is about to load in the new WebState, when known. Nothing
        /// loads it: the engine may put the content with the other pages of its site
        /// (``WebEngineContext/makeWebContent(for:)``). Ignored with an ``opener``, whose
        /// content the new one always shares.
        public var url: URL?

        public init(
            context: any WebEngineContext, createdWithOpener: Bool = false, lastActiveTime: Date? = nil,
            opener: WebState? = nil, url: URL? = nil
        ) {
            self.context = context
            self.createdWithOpener = createdWithOpener
            self.lastActiveTime = lastActiveTime
            self.opener = opener
            self.url = url
        }
    }
}
