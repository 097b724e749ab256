/// A type whose observers a ``ScopedObservation`` adds and removes (what Chromium's
/// `base::ScopedObservationTraits` call by default: `AddObserver` and `RemoveObserver`).
@MainActor
public protocol ObservationSource: AnyObject {
    /// The observers' type: a class-bound protocol's existential (`any WebStateObserver`).
    associatedtype Observer

    func addObserver(_ observer: Observer)
    func removeObserver(_ observer: Observer)
}

/// One observer observing one source for as long as this object lives (Chromium's
/// `base::ScopedObservation`, base/scoped_observation.h): creating it adds the observer to
/// the source; ``reset()``, or the end of the object, removes it. An observer keeps its
/// observations in optional properties and stops one by setting it to nil.
///
/// It holds neither the source nor the observer: an observer that keeps its own observation
/// is not kept alive by it, and a source that goes first is not removed from. (Sources keep
/// their observers in an ``ObserverList``, which skips an observer that was freed, so an
/// observation ending with its observer needs no removal.)
@MainActor
public final class ScopedObservation<Source: ObservationSource> {
    private weak var source: Source?
    /// The observer, held as the object it is (an existential of a class-bound protocol does
    /// not satisfy `AnyObject` itself, so it cannot be a weak `Source.Observer`).
    private weak var observer: AnyObject?

    public init(_ source: Source, observer: Source.Observer) {
        self.source = source
        self.observer = observer as AnyObject
        source.addObserver(observer)
    }

    /// Whether the observation still runs: not reset, and neither side freed.
    public var isObserving: Bool { source != nil && observer != nil }

    /// Removes the observer from the source now (once; later calls do nothing).
    public func reset() {
        if let source, let observer = observer as? Source.Observer { source.removeObserver(observer) }
        source = nil
        observer = nil
    }

    isolated deinit { reset() }
}
