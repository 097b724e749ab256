/// A service owned by a ``KeyedServiceContext`` (a profile) and built by a
/// ``KeyedServiceFactory`` (Chromium's KeyedService).
///
/// A context's services are torn down in two phases, in the reverse of their dependency
/// order: first every built service gets ``shutdown()``, while all of them are still alive
/// and reachable; then every service is released.
@MainActor
public protocol KeyedService: AnyObject {
    /// Phase one of the context's teardown: drop references to other services, stop
    /// observing, cancel pending work. Services this one depends on are still usable here.
    /// Called at most once.
    func shutdown()
}

extension KeyedService {
    /// Does nothing.
    public func shutdown() {}
}
