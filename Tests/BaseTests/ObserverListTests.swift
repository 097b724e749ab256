import Base
import TestSupport
import Testing

private protocol PingObserver: AnyObject {
    func ping()
}

private final class Log {
    var calls: [String] = []
}

private final class Pinger: PingObserver {
    let name: String
    let log: Log
    var onPing: ((Pinger) -> Void)?

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
    }

    func ping() {
        log.calls.append(name)
        onPing?(self)
    }
}

private final class SilentObserver: PingObserver {
    func ping() {}
}

private typealias PingList = ObserverList<any PingObserver>

// ObserverList is not a Sequence; its forEach is the only way to iterate it.
// swift-format-ignore: ReplaceForEachWithForLoop
private func pingAll(_ list: PingList) {
    list.forEach { $0.ping() }
}

/// The number of observers an iteration visits.
// swift-format-ignore: ReplaceForEachWithForLoop
private func visitCount(_ list: PingList) -> Int {
    var calls = 0
    list.forEach { _ in calls += 1 }
    return calls
}

@Suite struct ObserverListTests {
    @Test func startsEmpty() {
        let list = PingList()
        #expect(list.count == 0)
        #expect(list.isEmpty)
        #expect(visitCount(list) == 0)
    }

    @Test func addRemoveContainsCount() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        let c = Pinger("c", log: log)

        list.add(a)
        list.add(b)
        #expect(list.count == 2)
        #expect(!list.isEmpty)
        #expect(list.contains(a))
        #expect(list.contains(b))
        #expect(!list.contains(c))

        pingAll(list)
        #expect(log.calls == ["a", "b"])

        list.remove(a)
        #expect(!list.contains(a))
        #expect(list.contains(b))
        #expect(list.count == 1)

        log.calls = []
        pingAll(list)
        #expect(log.calls == ["b"])

        list.remove(b)
        #expect(list.isEmpty)
        #expect(list.count == 0)
    }

    @Test func iteratesInRegistrationOrder() {
        let log = Log()
        let list = PingList()
        let observers = ["x", "y", "z", "w"].map { Pinger($0, log: log) }
        for observer in observers { list.add(observer) }
        pingAll(list)
        #expect(log.calls == ["x", "y", "z", "w"])
    }

    @Test func removedObserverCanBeAddedAgain() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        list.add(a)
        list.remove(a)
        list.add(a)
        #expect(list.count == 1)
        pingAll(list)
        #expect(log.calls == ["a"])
    }

    @Test func removingAnUnregisteredObserverIsANoOp() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        list.remove(a)
        #expect(list.isEmpty)

        list.add(a)
        list.remove(b)
        #expect(list.count == 1)
        #expect(list.contains(a))

        list.remove(a)
        list.remove(a)
        #expect(list.isEmpty)
        pingAll(list)
        #expect(log.calls.isEmpty)
    }

    @Test func holdsObserversWeakly() {
        let log = Log()
        let list = PingList()
        let kept = Pinger("kept", log: log)
        weak var weakReleased: Pinger?
        do {
            let released = Pinger("released", log: log)
            weakReleased = released
            list.add(released)
            list.add(kept)
            #expect(list.count == 2)
        }
        #expect(weakReleased == nil)
        #expect(list.count == 1)
        #expect(!list.isEmpty)

        pingAll(list)
        #expect(log.calls == ["kept"])
        #expect(list.count == 1)
    }

    @Test func listOfOnlyReleasedObserversIsEmpty() {
        let list = PingList()
        do {
            let observer = SilentObserver()
            list.add(observer)
            #expect(!list.isEmpty)
        }
        #expect(list.isEmpty)
        #expect(list.count == 0)
        #expect(visitCount(list) == 0)
    }

    @Test func observerReleasedDuringIterationIsSkipped() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        var b: Pinger? = Pinger("b", log: log)
        let c = Pinger("c", log: log)
        list.add(a)
        list.add(b!)
        list.add(c)
        a.onPing = { _ in b = nil }

        pingAll(list)
        #expect(b == nil)
        #expect(log.calls == ["a", "c"])
        #expect(list.count == 2)
    }

    @Test func addingTheSameObserverTwiceFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let list = ObserverList<any PingObserver>()
            let observer = SilentObserver()
            list.add(observer)
            list.add(observer)
        }.expectPreconditionMessage("ObserverList: observer SilentObserver is already registered")
    }

    @Test func removingALaterObserverDuringIterationPreventsItsCall() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        let c = Pinger("c", log: log)
        list.add(a)
        list.add(b)
        list.add(c)
        a.onPing = { _ in list.remove(b) }

        pingAll(list)
        #expect(log.calls == ["a", "c"])
        #expect(!list.contains(b))
        #expect(list.count == 2)

        log.calls = []
        pingAll(list)
        #expect(log.calls == ["a", "c"])
    }

    @Test func removingAnEarlierObserverDuringIterationDoesNotDisturbTheRest() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        let c = Pinger("c", log: log)
        list.add(a)
        list.add(b)
        list.add(c)
        b.onPing = { _ in list.remove(a) }

        pingAll(list)
        #expect(log.calls == ["a", "b", "c"])
        #expect(list.count == 2)
        #expect(!list.contains(a))
    }

    @Test func removingSelfDuringIterationIsFine() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        list.add(a)
        list.add(b)
        a.onPing = { list.remove($0) }

        pingAll(list)
        #expect(log.calls == ["a", "b"])
        #expect(!list.contains(a))
        #expect(list.count == 1)

        log.calls = []
        pingAll(list)
        #expect(log.calls == ["b"])
    }

    @Test func observerAddedDuringIterationIsCalledFromTheNextPass() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        let late = Pinger("late", log: log)
        list.add(a)
        list.add(b)
        a.onPing = { _ in
            if !list.contains(late) { list.add(late) }
        }

        pingAll(list)
        #expect(log.calls == ["a", "b"])
        #expect(list.contains(late))
        #expect(list.count == 3)

        log.calls = []
        pingAll(list)
        #expect(log.calls == ["a", "b", "late"])
    }

    @Test func observerRemovedAndAddedAgainDuringIterationIsCalledOnceFromTheNextPass() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        list.add(a)
        list.add(b)
        a.onPing = { _ in
            list.remove(b)
            list.add(b)
        }

        pingAll(list)
        #expect(log.calls == ["a"])
        #expect(list.count == 2)

        log.calls = []
        a.onPing = nil
        pingAll(list)
        #expect(log.calls == ["a", "b"])
    }

    @Test func nestedIterationSeesRemovalsAndTheOuterPassDoesToo() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        let c = Pinger("c", log: log)
        let d = Pinger("d", log: log)
        list.add(a)
        list.add(b)
        list.add(c)
        var nested = false
        a.onPing = { _ in
            guard !nested else { return }
            nested = true
            defer { nested = false }
            list.remove(b)
            list.add(d)
            pingAll(list)
        }

        pingAll(list)
        // Outer pass: a, then the nested pass (a, c, and d which was added before it
        // started), then c; b was removed before its turn in either pass.
        #expect(log.calls == ["a", "a", "c", "d", "c"])
        #expect(list.count == 3)
        #expect(!list.contains(b))

        log.calls = []
        a.onPing = nil
        pingAll(list)
        #expect(log.calls == ["a", "c", "d"])
    }

    @Test func nestedRemovalOfSelfKeepsBothPassesConsistent() {
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        list.add(a)
        list.add(b)
        var nested = false
        a.onPing = { _ in
            guard !nested else { return }
            nested = true
            pingAll(list)
        }
        b.onPing = { list.remove($0) }

        pingAll(list)
        // The nested pass calls b, which removes itself; the outer pass then skips it.
        #expect(log.calls == ["a", "a", "b"])
        #expect(list.count == 1)
        #expect(list.contains(a))
    }

    @Test func errorFromTheBodyStopsIterationAndLeavesTheListConsistent() {
        struct Stop: Error {}
        let log = Log()
        let list = PingList()
        let a = Pinger("a", log: log)
        let b = Pinger("b", log: log)
        let c = Pinger("c", log: log)
        list.add(a)
        list.add(b)
        list.add(c)

        // swift-format-ignore: ReplaceForEachWithForLoop
        #expect(throws: Stop.self) {
            try list.forEach { observer in
                observer.ping()
                if observer === a {
                    list.remove(b)
                    throw Stop()
                }
            }
        }
        #expect(log.calls == ["a"])
        #expect(list.count == 2)

        // The list keeps working after the aborted pass.
        log.calls = []
        list.remove(c)
        pingAll(list)
        #expect(log.calls == ["a"])
    }
}
