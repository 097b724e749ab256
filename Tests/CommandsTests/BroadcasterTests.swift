import Commands
import TestSupport
import Testing

@MainActor
@Suite struct BroadcasterTests {
    @Test func observersPresentWhenABroadcastStartsGetTheCurrentValue() {
        let broadcaster = Broadcaster()
        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        #expect(recorder.heights.isEmpty)

        let source = ToolbarSource(height: 44)
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        #expect(recorder.heights == [44])
        #expect(broadcaster.isBroadcasting(.toolbarHeight))
        #expect(broadcaster.currentValue(of: .toolbarHeight) == 44)
    }

    @Test func aLateObserverGetsTheCurrentValueAtOnce() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        source.height = 50

        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        #expect(recorder.heights == [50])
    }

    @Test func anObserverOfAPropertyNotBroadcastGetsNothing() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)

        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .tabStripVisible) { $0.tabStripVisibility.append($1) }
        source.tabStripVisible = false
        #expect(recorder.tabStripVisibility.isEmpty)
        #expect(!broadcaster.isBroadcasting(.tabStripVisible))
        #expect(broadcaster.currentValue(of: .tabStripVisible) == nil)
    }

    @Test func changesAreDeliveredAtOnce() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let recorder = Recorder()
        let other = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.addObserver(other, for: .toolbarHeight) { $0.heights.append($1) }

        source.height = 60
        #expect(recorder.heights == [44, 60])
        source.height = 0
        #expect(recorder.heights == [44, 60, 0])
        #expect(other.heights == [44, 60, 0])
        #expect(broadcaster.currentValue(of: .toolbarHeight) == 0)
    }

    @Test func unchangedValuesAreNotResent() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let recorder = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.addObserver(recorder, for: .tabStripVisible) { $0.tabStripVisibility.append($1) }

        source.height = 44
        source.broadcastNotifier.valuesDidChange()
        source.tabStripVisible = false
        #expect(recorder.heights == [44])
        #expect(recorder.tabStripVisibility == [true, false])

        source.height = 10
        source.height = 10
        #expect(recorder.heights == [44, 10])
        #expect(recorder.tabStripVisibility == [true, false])
    }

    @Test func aPropertyCanHaveANewSourceAfterTheOldOneStopped() {
        let broadcaster = Broadcaster()
        let first = ToolbarSource(height: 44)
        let second = ToolbarSource(height: 30)
        broadcaster.broadcast(.toolbarHeight, from: first, at: \.height)
        broadcaster.stopBroadcasting(.toolbarHeight)
        broadcaster.broadcast(.toolbarHeight, from: second, at: \.height)

        #expect(broadcaster.currentValue(of: .toolbarHeight) == 30)
    }

    @Test func aDeallocatedSourceCountsAsStopped() {
        let broadcaster = Broadcaster()
        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        do {
            let source = ToolbarSource(height: 44)
            broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        }
        #expect(!broadcaster.isBroadcasting(.toolbarHeight))

        let late = Recorder()
        broadcaster.addObserver(late, for: .toolbarHeight) { $0.heights.append($1) }
        #expect(late.heights.isEmpty)

        let replacement = ToolbarSource(height: 20)
        broadcaster.broadcast(.toolbarHeight, from: replacement, at: \.height)
        #expect(recorder.heights == [44, 20])
        #expect(late.heights == [20])
    }

    @Test func stoppingABroadcastKeepsTheObservers() {
        let broadcaster = Broadcaster()
        let first = ToolbarSource(height: 44)
        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.broadcast(.toolbarHeight, from: first, at: \.height)

        broadcaster.stopBroadcasting(.toolbarHeight)
        #expect(!broadcaster.isBroadcasting(.toolbarHeight))
        #expect(broadcaster.hasObserver(recorder, for: .toolbarHeight))
        #expect(first.broadcastNotifier.subscriptionCount == 0)

        // The stopped source is no longer followed.
        first.height = 80
        #expect(recorder.heights == [44])

        // A late observer gets nothing while nothing is broadcast.
        let late = Recorder()
        broadcaster.addObserver(late, for: .toolbarHeight) { $0.heights.append($1) }
        #expect(late.heights.isEmpty)

        // Stopping again is a no-op.
        broadcaster.stopBroadcasting(.toolbarHeight)
        #expect(broadcaster.hasObserver(recorder, for: .toolbarHeight))
    }

    @Test func aNewSourceResumesDeliveringToTheKeptObservers() {
        let broadcaster = Broadcaster()
        let first = ToolbarSource(height: 44)
        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.broadcast(.toolbarHeight, from: first, at: \.height)
        broadcaster.stopBroadcasting(.toolbarHeight)

        let second = ToolbarSource(height: 56)
        broadcaster.broadcast(.toolbarHeight, from: second, at: \.height)
        #expect(recorder.heights == [44, 56])
        second.height = 60
        #expect(recorder.heights == [44, 56, 60])
    }

    @Test func aNewSourceSendsItsValueEvenIfEqualToTheLastOneSent() {
        let broadcaster = Broadcaster()
        let first = ToolbarSource(height: 44)
        let recorder = Recorder()
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.broadcast(.toolbarHeight, from: first, at: \.height)
        broadcaster.stopBroadcasting(.toolbarHeight)

        let second = ToolbarSource(height: 44)
        broadcaster.broadcast(.toolbarHeight, from: second, at: \.height)
        #expect(recorder.heights == [44, 44])
    }

    @Test func removingAnObserverForAProperty() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let recorder = Recorder()
        let other = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.addObserver(recorder, for: .tabStripVisible) { $0.tabStripVisibility.append($1) }
        broadcaster.addObserver(other, for: .toolbarHeight) { $0.heights.append($1) }

        broadcaster.removeObserver(recorder, for: .toolbarHeight)
        #expect(!broadcaster.hasObserver(recorder, for: .toolbarHeight))
        source.height = 60
        source.tabStripVisible = false
        #expect(recorder.heights == [44])
        #expect(recorder.tabStripVisibility == [true, false])
        #expect(other.heights == [44, 60])

        // Removing an observer that is not registered is a no-op.
        broadcaster.removeObserver(recorder, for: .toolbarHeight)
    }

    @Test func removingAnObserverForEveryProperty() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let recorder = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.addObserver(recorder, for: .tabStripVisible) { $0.tabStripVisibility.append($1) }

        broadcaster.removeObserver(recorder)
        source.height = 60
        source.tabStripVisible = false
        #expect(recorder.heights == [44])
        #expect(recorder.tabStripVisibility == [true])
        #expect(!broadcaster.hasObserver(recorder, for: .tabStripVisible))
    }

    @Test func aRemovedObserverCanBeAddedAgain() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let recorder = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.removeObserver(recorder, for: .toolbarHeight)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        #expect(recorder.heights == [44, 44])
    }

    @Test func anObserverRemovedDuringADeliveryIsNotCalledForIt() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let first = Recorder()
        let second = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.addObserver(first, for: .toolbarHeight) { recorder, height in
            recorder.heights.append(height)
            if height == 60 { broadcaster.removeObserver(second) }
        }
        broadcaster.addObserver(second, for: .toolbarHeight) { $0.heights.append($1) }

        source.height = 60
        #expect(first.heights == [44, 60])
        #expect(second.heights == [44])
    }

    @Test func observersAreHeldWeakly() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        weak var weakRecorder: Recorder?
        var calls = 0
        do {
            let recorder = Recorder()
            weakRecorder = recorder
            broadcaster.addObserver(recorder, for: .toolbarHeight) { _, _ in calls += 1 }
        }
        #expect(weakRecorder == nil)
        #expect(calls == 1)
        source.height = 60
        #expect(calls == 1)
    }

    @Test func sourcesAreHeldWeakly() {
        let broadcaster = Broadcaster()
        weak var weakSource: ToolbarSource?
        do {
            let source = ToolbarSource(height: 44)
            weakSource = source
            broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        }
        #expect(weakSource == nil)
    }

    @Test func anObserverChangingTheSourceDuringADeliveryLeavesEveryoneWithTheLatestValue() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource(height: 44)
        let first = Recorder()
        let second = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.addObserver(first, for: .toolbarHeight) { recorder, height in
            recorder.heights.append(height)
            // Clamp the height, as a layout observer might.
            if height > 100 { source.height = 100 }
        }
        broadcaster.addObserver(second, for: .toolbarHeight) { $0.heights.append($1) }

        source.height = 150
        #expect(first.heights == [44, 150, 100])
        #expect(second.heights == [44, 100])
        #expect(broadcaster.currentValue(of: .toolbarHeight) == 100)
    }

    @Test func oneSourceCanFeedSeveralBroadcasters() {
        let source = ToolbarSource(height: 44)
        let first = Broadcaster()
        let second = Broadcaster()
        let firstRecorder = Recorder()
        let secondRecorder = Recorder()
        first.broadcast(.toolbarHeight, from: source, at: \.height)
        second.broadcast(.toolbarHeight, from: source, at: \.height)
        first.addObserver(firstRecorder, for: .toolbarHeight) { $0.heights.append($1) }
        second.addObserver(secondRecorder, for: .toolbarHeight) { $0.heights.append($1) }

        source.height = 60
        first.stopBroadcasting(.toolbarHeight)
        source.height = 70
        #expect(firstRecorder.heights == [44, 60])
        #expect(secondRecorder.heights == [44, 60, 70])
    }

    @Test func deallocatingTheBroadcasterStopsEverything() {
        let source = ToolbarSource(height: 44)
        let recorder = Recorder()
        weak var weakBroadcaster: Broadcaster?
        do {
            let broadcaster = Broadcaster()
            weakBroadcaster = broadcaster
            broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
            broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
            broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
            #expect(source.broadcastNotifier.subscriptionCount == 2)
        }
        #expect(weakBroadcaster == nil)
        #expect(source.broadcastNotifier.subscriptionCount == 0)

        source.height = 60
        #expect(recorder.heights == [44])
    }

    // MARK: - Programming errors

    @Test func broadcastingAPropertyThatHasASourceFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let broadcaster = Broadcaster()
                let first = ToolbarSource(height: 44)
                let second = ToolbarSource(height: 56)
                broadcaster.broadcast(.toolbarHeight, from: first, at: \.height)
                broadcaster.broadcast(.toolbarHeight, from: second, at: \.height)
            }
        }.expectPreconditionMessage(
            "Broadcaster: property \"toolbarHeight\" is already broadcast from a ToolbarSource")
    }

    @Test func broadcastingAPropertyTwiceFromTheSameSourceFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let broadcaster = Broadcaster()
                let source = ToolbarSource(height: 44)
                broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
                broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
            }
        }.expectPreconditionMessage(
            "Broadcaster: property \"toolbarHeight\" is already broadcast from a ToolbarSource")
    }

    @Test func addingAnObserverTwiceForAPropertyFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let broadcaster = Broadcaster()
                let recorder = Recorder()
                broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
                broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
            }
        }.expectPreconditionMessage(
            "Broadcaster: Recorder is already an observer of property \"toolbarHeight\"")
    }

    @Test func usingOneNameWithTwoValueTypesFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let broadcaster = Broadcaster()
                let recorder = Recorder()
                broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
                broadcaster.addObserver(recorder, for: BroadcastProperty<Bool>("toolbarHeight")) { _, _ in }
            }
        }.expectPreconditionMessage(
            "Broadcaster: property \"toolbarHeight\" is used with two value types"
        )
    }
}
