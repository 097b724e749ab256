public import Base

/// Observers that should stop with their owner keep a ``ScopedObservation`` of the WebState
/// instead of calling ``WebState/removeObserver(_:)`` themselves.
extension WebState: ObservationSource {
    /// What ``addObserver(_:)`` takes: observers are held weakly.
    public typealias Observer = any WebStateObserver
}
