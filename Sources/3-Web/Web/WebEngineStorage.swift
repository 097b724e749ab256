public import Foundation

/// How a ``WebEngineContext`` keeps its data.
public enum WebEngineStorage: Sendable, Equatable {
    /// Cookies, local storage, caches and the like persist in these directories.
    case persistent(dataDirectory: URL, cacheDirectory: URL)
    /// Nothing touches the disk; everything goes when the context does (off-the-record).
    case ephemeral
}
