import Base
import TestSupport
import Testing

@Suite struct SequentialIDGeneratorTests {
    @Test func startsAtOneAndIncreasesByOne() {
        let generator = SequentialIDGenerator()
        #expect(generator.lastIssued == 0)
        #expect(generator.next() == 1)
        #expect(generator.next() == 2)
        #expect(generator.next() == 3)
        #expect(generator.lastIssued == 3)
    }

    @Test func startsAfterTheGivenValue() {
        let generator = SequentialIDGenerator(startingAfter: 41)
        #expect(generator.lastIssued == 41)
        #expect(generator.next() == 42)
        #expect(generator.lastIssued == 42)
    }

    @Test func idsAreStrictlyIncreasingAndPositive() {
        let generator = SequentialIDGenerator()
        var previous: Int32 = 0
        for _ in 0..<1000 {
            let id = generator.next()
            #expect(id > previous)
            previous = id
        }
        #expect(generator.lastIssued == previous)
    }

    @Test func advancePastSkipsAhead() {
        let generator = SequentialIDGenerator()
        #expect(generator.next() == 1)
        generator.advance(past: 100)
        #expect(generator.lastIssued == 100)
        #expect(generator.next() == 101)
        #expect(generator.next() == 102)
    }

    @Test func advancePastNeverGoesBack() {
        let generator = SequentialIDGenerator(startingAfter: 50)
        generator.advance(past: 10)
        #expect(generator.lastIssued == 50)
        #expect(generator.next() == 51)
        generator.advance(past: 51)
        #expect(generator.next() == 52)
        generator.advance(past: -7)
        #expect(generator.next() == 53)
    }

    @Test func advancePastAnIDReadBackAvoidsCollisions() {
        let generator = SequentialIDGenerator()
        let restored: [Int32] = [7, 3, 12, 9]
        for id in restored { generator.advance(past: id) }
        let fresh = (0..<5).map { _ in generator.next() }
        #expect(fresh == [13, 14, 15, 16, 17])
        #expect(Set(fresh).isDisjoint(with: restored))
    }

    @Test func lastValueBeforeExhaustionIsIssued() {
        let generator = SequentialIDGenerator(startingAfter: Int32.max - 1)
        #expect(generator.next() == Int32.max)
        #expect(generator.lastIssued == Int32.max)
    }

    @Test func runningOutFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let generator = SequentialIDGenerator(startingAfter: Int32.max - 1)
            _ = generator.next()
            _ = generator.next()
        }.expectPreconditionMessage("SequentialIDGenerator.next: identifiers exhausted")
    }

    @Test func identifiersInTheReservedTopAreRefusedAndNeverExhaustIt() async {
        // Used to trap at the next call of next(): an identifier read from a file must not be
        // able to exhaust the generator.
        await #expect(processExitsWith: .success) {
            let generator = SequentialIDGenerator()
            generator.advance(past: Int32.max)
            precondition(generator.next() == 1)
        }
        let generator = SequentialIDGenerator(reserve: 2)
        #expect(generator.largestAcceptedIdentifier == Int32.max - 2)
        #expect(!generator.accepts(Int32.max))
        #expect(!generator.accepts(Int32.max - 1))
        #expect(!generator.accepts(0))
        #expect(generator.accepts(Int32.max - 2))
        #expect(!generator.advance(past: Int32.max - 1))
        #expect(generator.lastIssued == 0)
        #expect(generator.advance(past: Int32.max - 2))
        #expect(generator.next() == Int32.max - 1)
        #expect(generator.next() == Int32.max)
    }

    @Test func theDefaultReserveKeepsAMillionIdentifiersForNext() {
        let generator = SequentialIDGenerator()
        #expect(generator.reserve == 1 << 20)
        #expect(!generator.advance(past: Int32.max - (1 << 20) + 1))
        #expect(generator.advance(past: Int32.max - (1 << 20)))
        #expect(generator.next() == Int32.max - (1 << 20) + 1)
    }

    @Test func negativeStartFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SequentialIDGenerator(startingAfter: -1)
        }.expectPreconditionMessage("SequentialIDGenerator: start must not be negative")
    }

    @Test func idsAreUniqueUnderConcurrentUse() async {
        let generator = SequentialIDGenerator()
        let taskCount = 16
        let idsPerTask = 2000
        let batches = await withTaskGroup(of: [Int32].self) { group in
            for _ in 0..<taskCount {
                group.addTask {
                    (0..<idsPerTask).map { _ in generator.next() }
                }
            }
            var batches: [[Int32]] = []
            for await batch in group { batches.append(batch) }
            return batches
        }

        let total = taskCount * idsPerTask
        let all = batches.flatMap { $0 }
        #expect(all.count == total)
        #expect(Set(all).count == total)
        #expect(all.min() == 1)
        #expect(all.max() == Int32(total))
        #expect(generator.lastIssued == Int32(total))
        for batch in batches {
            // Each task sees its own identifiers in increasing order.
            #expect(zip(batch, batch.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func concurrentAdvancesAndNextStayUniqueAndAboveTheAdvances() async {
        let generator = SequentialIDGenerator()
        let floor: Int32 = 1_000_000
        let ids = await withTaskGroup(of: [Int32].self) { group in
            group.addTask {
                generator.advance(past: floor)
                return []
            }
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in generator.next() } }
            }
            var ids: [Int32] = []
            for await batch in group { ids += batch }
            return ids
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0 > 0 })
        let next = generator.next()
        #expect(next > floor)
        #expect(ids.allSatisfy { $0 < next })
    }
}
