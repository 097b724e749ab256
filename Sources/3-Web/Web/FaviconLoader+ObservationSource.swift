public import Base

/// Observers that should stop with their owner keep a ``ScopedObservation`` of the loader
/// instead of calling ``FaviconLoader/removeObserver(_:)`` themselves.
extension FaviconLoader: ObservationSource {
    /// What ``addObserver(_:)`` takes: observers are held weakly.
    public typealias Observer = any FaviconLoaderObserver
}
