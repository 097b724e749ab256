import Commands
import Testing

@MainActor
@Suite struct BroadcastNotifierTests {
    @Test func aNotifierWithoutSubscribersDoesNothing() {
        let notifier = BroadcastNotifier()
        notifier.valuesDidChange()
        #expect(notifier.subscriptionCount == 0)
    }

    @Test func subscriptionsFollowTheBroadcasts() {
        let broadcaster = Broadcaster()
        let source = ToolbarSource()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        #expect(source.broadcastNotifier.subscriptionCount == 1)
        broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
        #expect(source.broadcastNotifier.subscriptionCount == 2)
        broadcaster.stopBroadcasting(.toolbarHeight)
        #expect(source.broadcastNotifier.subscriptionCount == 1)
    }

    @Test func oneSignalDeliversEveryChangedProperty() {
        let broadcaster = Broadcaster()
        let source = BatchSource()
        let recorder = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { $0.heights.append($1) }
        broadcaster.addObserver(recorder, for: .tabStripVisible) { $0.tabStripVisibility.append($1) }

        source.height = 60
        source.tabStripVisible = false
        #expect(recorder.heights == [44])
        source.broadcastNotifier.valuesDidChange()
        #expect(recorder.heights == [44, 60])
        #expect(recorder.tabStripVisibility == [true, false])
    }

    @Test func aBroadcastStoppedDuringANotificationIsNotReadForIt() {
        let broadcaster = Broadcaster()
        let source = BatchSource()
        let recorder = Recorder()
        broadcaster.broadcast(.toolbarHeight, from: source, at: \.height)
        broadcaster.broadcast(.tabStripVisible, from: source, at: \.tabStripVisible)
        broadcaster.addObserver(recorder, for: .toolbarHeight) { recorder, height in
            recorder.heights.append(height)
            if height == 60 { broadcaster.stopBroadcasting(.tabStripVisible) }
        }
        broadcaster.addObserver(recorder, for: .tabStripVisible) { $0.tabStripVisibility.append($1) }

        // The height is read first; its observer stops the tab strip broadcast before the
        // tab strip is read.
        source.height = 60
        source.tabStripVisible = false
        source.broadcastNotifier.valuesDidChange()
        #expect(recorder.heights == [44, 60])
        #expect(recorder.tabStripVisibility == [true])
        #expect(!broadcaster.isBroadcasting(.tabStripVisible))
    }
}
