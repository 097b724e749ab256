public import Foundation

extension WebState {
    /// Loaders for an unrealized WebState's saved state; they run at realization.
    public struct StorageLoaders {
        /// Loads the full storage (history, user agent...). Nil if it cannot be read.
        public var storage: @MainActor () -> WebStateStorage?
        /// Loads the engine's native session blob. Nil if there is none.
        public var nativeSessionState: @MainActor () -> Data?
        /// Whether realization loads the committed entry (false for a tab that was loading
        /// when the browser crashed: it comes back with its history, waiting for a reload).
        public var loadsCommittedEntry: Bool

        public init(
            storage: @escaping @MainActor () -> WebStateStorage?,
            nativeSessionState: @escaping @MainActor () -> Data?,
            loadsCommittedEntry: Bool = true
        ) {
            self.storage = storage
            self.nativeSessionState = nativeSessionState
            self.loadsCommittedEntry = loadsCommittedEntry
        }
    }
}
