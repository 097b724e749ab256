import Base
import Testing

@MainActor
private protocol TickObserver: AnyObject {
    func tick()
}

@MainActor
private final class Ticker: ObservationSource {
    private let observers = ObserverList<any TickObserver>()

    var observerCount: Int { observers.count }

    func addObserver(_ observer: any TickObserver) { observers.add(observer) }
    func removeObserver(_ observer: any TickObserver) { observers.remove(observer) }

    // ObserverList is not a Sequence; its forEach is the only way to iterate it.
    // swift-format-ignore: ReplaceForEachWithForLoop
    func tick() { observers.forEach { $0.tick() } }
}

@MainActor
private final class TickCounter: TickObserver {
    var ticks = 0
    var observation: ScopedObservation<Ticker>?

    func tick() { ticks += 1 }
}

@MainActor
struct ScopedObservationTests {
    private let ticker = Ticker()
    private let counter = TickCounter()

    @Test func observesFromCreationUntilReset() {
        let observation = ScopedObservation(ticker, observer: counter)
        ticker.tick()
        #expect(counter.ticks == 1)
        #expect(observation.isObserving)
        observation.reset()
        #expect(!observation.isObserving)
        #expect(ticker.observerCount == 0)
        ticker.tick()
        #expect(counter.ticks == 1)
        observation.reset()
    }

    @Test func theEndOfTheObservationRemovesTheObserver() {
        var observation: ScopedObservation? = ScopedObservation(ticker, observer: counter)
        ticker.tick()
        observation = nil
        ticker.tick()
        #expect(counter.ticks == 1)
        #expect(ticker.observerCount == 0)
        #expect(observation == nil)
    }

    @Test func anObserverKeepingItsObservationIsFreedWithIt() {
        weak var weakObserver: TickCounter?
        do {
            let observer = TickCounter()
            observer.observation = ScopedObservation(ticker, observer: observer)
            ticker.tick()
            #expect(observer.ticks == 1)
            weakObserver = observer
        }
        #expect(weakObserver == nil)
        #expect(ticker.observerCount == 0)
        ticker.tick()
    }

    @Test func aSourceFreedFirstIsNotRemovedFrom() {
        weak var weakSource: Ticker?
        let observation: ScopedObservation<Ticker>
        do {
            let source = Ticker()
            observation = ScopedObservation(source, observer: counter)
            weakSource = source
        }
        #expect(weakSource == nil)
        #expect(!observation.isObserving)
        observation.reset()
    }
}
