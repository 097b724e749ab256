import Base
import CAdwaita
import CGLib
import CGTK
import Commands
import Foundation
import GLibSupport
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Publishes whether the tab strip shows, as the fullscreen mediator does.
@MainActor
private final class TabStripVisibilitySource: BroadcastSource {
    let broadcastNotifier = BroadcastNotifier()
    var isVisible = true { didSet { broadcastNotifier.valuesDidChange() } }
}

final class TabStripViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    /// The test's strips, as a window's coordinator would share them.
    nonisolated(unsafe) private var registry: TabStripRegistry!

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMainActor { registry = TabStripRegistry() }
    }

    override func tearDown() {
        onMainActor { registry = nil }
        super.tearDown()
    }

    @MainActor
    private func makeStrip(
        clock: any TimerClock = ManualTimerClock()
    ) -> (TabStripViewController, RecordingCommands) {
        let commands = RecordingCommands()
        commands.register(on: dispatcher)
        let strip = TabStripViewController(
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self), registry: registry, clock: clock)
        return (strip, commands)
    }

    @MainActor
    private func item(_ number: Int, pinned: Bool = false) -> TabStripItem {
        TabStripItem(
            id: TabIdentifier(number), title: "Tab \(number)", url: "https://\(number).test/",
            isPinned: pinned)
    }

    @MainActor
    private func showMenu(_ strip: TabStripViewController, for number: Int) {
        let page = strip.page(of: TabIdentifier(number)).map { UnsafeMutableRawPointer($0) }
        gtkshim_emit_object(UnsafeMutableRawPointer(strip.tabView), "setup-menu", page)
    }

    @MainActor
    private func selectedTitle(_ strip: TabStripViewController) -> String? {
        adw_tab_view_get_selected_page(strip.tabView).flatMap { adw_tab_page_get_title($0) }.map {
            String(cString: $0)
        }
    }

    func testTheStripShowsAsTheBroadcasterSays() {
        onMainActor {
            let (strip, _) = makeStrip()
            strip.setTabs([item(1), item(2)], selectedIndex: 0)
            let broadcaster = Broadcaster()
            strip.observe(broadcaster)
            XCTAssertTrue(strip.isVisible, "shown until told otherwise")
            let source = TabStripVisibilitySource()
            broadcaster.broadcast(.isTabStripVisible, from: source, at: \.isVisible)
            XCTAssertTrue(strip.isVisible)
            source.isVisible = false
            XCTAssertFalse(strip.isVisible)
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2"], "hiding keeps the tabs")
            source.isVisible = true
            XCTAssertTrue(strip.isVisible)
            strip.stopObserving(broadcaster)
            source.isVisible = false
            XCTAssertTrue(strip.isVisible, "no longer following")
        }
    }

    func testTheTabsCloseButtonsHaveAnAccessibleName() {
        onMainActor {
            let (strip, _) = makeStrip()
            strip.setTabs([item(1), item(2), item(3, pinned: true)], selectedIndex: 0)
            settle()
            let close = iconButtons(in: strip.widget, "window-close-symbolic")
            XCTAssertGreaterThanOrEqual(close.count, 2, "a close button per unpinned tab")
            for button in close { XCTAssertNotEqual(gtkshim_accessible_label_is(button, "Close Tab"), 0) }
            strip.insertTab(item(4), at: 1)
            settle()
            let more = iconButtons(in: strip.widget, "window-close-symbolic")
            XCTAssertGreaterThan(more.count, close.count)
            for button in more { XCTAssertNotEqual(gtkshim_accessible_label_is(button, "Close Tab"), 0) }
        }
    }

    func testPushesCreateMoveUpdateSelectAndRemovePages() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2), item(3)], selectedIndex: 1)
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"])
            XCTAssertEqual(selectedTitle(strip), "Tab 2")

            strip.insertTab(item(4), at: 1)
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 4", "Tab 2", "Tab 3"])
            strip.moveTab(from: 0, to: 3)
            XCTAssertEqual(strip.pageTitles, ["Tab 4", "Tab 2", "Tab 3", "Tab 1"])

            var updated = item(3)
            updated.title = "Three"
            updated.isLoading = true
            strip.updateTab(updated, at: 2)
            XCTAssertEqual(strip.pageTitles, ["Tab 4", "Tab 2", "Three", "Tab 1"])
            XCTAssertEqual(adw_tab_page_get_loading(strip.page(of: TabIdentifier(3))), 1)

            updated.isPinned = true
            strip.moveTab(from: 2, to: 0)
            strip.updateTab(updated, at: 0)
            XCTAssertEqual(strip.pageTitles, ["Three", "Tab 4", "Tab 2", "Tab 1"])
            XCTAssertEqual(adw_tab_page_get_pinned(strip.page(of: TabIdentifier(3))), 1)
            XCTAssertEqual(adw_tab_view_get_n_pinned_pages(strip.tabView), 1)

            strip.selectTab(at: 3)
            XCTAssertEqual(selectedTitle(strip), "Tab 1")
            strip.removeTab(at: 1)
            XCTAssertEqual(strip.pageTitles, ["Three", "Tab 2", "Tab 1"])
            strip.setTabs([item(7)], selectedIndex: 0)
            XCTAssertEqual(strip.pageTitles, ["Tab 7"])
            XCTAssertEqual(selectedTitle(strip), "Tab 7")
            settle()
            XCTAssertEqual(commands.received, [], "pushes send no command")
        }
    }

    func testTheTabsHideWhileThereIsOneTab() {
        onMainActor {
            let (strip, _) = makeStrip()
            @MainActor func revealed() -> Bool { adw_tab_bar_get_tabs_revealed(strip.tabBar) != 0 }
            XCTAssertNotEqual(adw_tab_bar_get_autohide(strip.tabBar), 0)
            strip.setTabs([item(1)], selectedIndex: 0)
            XCTAssertFalse(revealed(), "one tab: no tab bar")
            strip.insertTab(item(2), at: 1)
            XCTAssertTrue(revealed(), "a second tab shows it")
            strip.removeTab(at: 1)
            XCTAssertFalse(revealed())
            strip.setTabs([item(1, pinned: true)], selectedIndex: 0)
            XCTAssertTrue(revealed(), "a pinned tab shows, even alone")
            // A restored session of 1,000 tabs shows its bar at once, while most of its pages
            // are still to be made.
            strip.setTabs((1...1000).map { item($0) }, selectedIndex: 500)
            XCTAssertLessThan(strip.pageTitles.count, 100, "the pages around the selected tab only")
            XCTAssertTrue(revealed())
            strip.setTabs([item(7)], selectedIndex: 0)
            XCTAssertFalse(revealed(), "back to one tab")
        }
    }

    func testALargePushMakesThePagesAroundTheSelectedTabFirstAndTheRestOnIdle() {
        onMainActor {
            let (strip, commands) = makeStrip()
            let eager = TabStripViewController.eagerPageCount
            strip.setTabs((1...100).map { item($0) }, selectedIndex: 69)
            XCTAssertEqual(strip.pageTitles, (70 - eager / 2...69 + eager / 2).map { "Tab \($0)" })
            XCTAssertEqual(selectedTitle(strip), "Tab 70")

            var five = item(5)
            five.title = "Five"
            strip.updateTab(five, at: 4)
            XCTAssertEqual(strip.pageTitles.count, eager, "an update makes no page")
            strip.selectTab(at: 2)
            XCTAssertEqual(strip.pageTitles.first, "Tab 3", "a selected tab gets its page at once")
            XCTAssertEqual(selectedTitle(strip), "Tab 3")
            strip.removeTab(at: 99)

            // A drag among the pages made so far counts in the pushed order: Tab 3 dropped
            // after Tab 50 goes to index 49 (after Tab 50, once it has left index 2).
            adw_tab_view_reorder_page(strip.tabView, strip.page(of: TabIdentifier(3)), 1)
            XCTAssertEqual(commands.received, ["moveTab 3 49"])
            settle()
            var expected = (1...99).map { "Tab \($0)" }
            expected[4] = "Five"
            XCTAssertEqual(strip.pageTitles, expected, "every page made, in order, after idle")
            XCTAssertEqual(selectedTitle(strip), "Tab 3")
            XCTAssertEqual(commands.received, ["moveTab 3 49"], "making pages sends nothing")

            adw_tab_view_reorder_page(strip.tabView, strip.page(of: TabIdentifier(3)), 60)
            XCTAssertEqual(commands.received.last, "moveTab 3 60", "positions are indices once all are made")
        }
    }

    func testThePagesLeftToMakeWaitForTheSelectedTabsLoad() {
        onMainActor {
            let clock = ManualTimerClock()
            let (strip, _) = makeStrip(clock: clock)
            var items = (1...100).map { item($0) }
            items[49].isLoading = true
            strip.setTabs(items, selectedIndex: 49)
            settle()
            XCTAssertEqual(strip.pageTitles.count, TabStripViewController.eagerPageCount, "the page loads")
            items[49].isLoading = false
            strip.updateTab(items[49], at: 49)
            settle()
            XCTAssertEqual(strip.pageTitles, (1...100).map { "Tab \($0)" }, "loaded: every page made")

            // A page that goes on loading holds them back for a second at most.
            var more = (101...200).map { item($0) }
            more[49].isLoading = true
            strip.setTabs(more, selectedIndex: 49)
            settle()
            XCTAssertEqual(strip.pageTitles.count, TabStripViewController.eagerPageCount, "it loads")
            clock.advance(by: TabStripViewController.makePagesWait - .milliseconds(1))
            settle()
            XCTAssertEqual(strip.pageTitles.count, TabStripViewController.eagerPageCount, "still waiting")
            clock.advance(by: .milliseconds(1))
            settle()
            XCTAssertEqual(strip.pageTitles.count, 100, "every page made, the page still loading")

            // The next large push waits for its own selected tab again.
            var last = (201...300).map { item($0) }
            last[49].isLoading = true
            strip.setTabs(last, selectedIndex: 49)
            settle()
            XCTAssertEqual(strip.pageTitles.count, TabStripViewController.eagerPageCount, "it loads")
        }
    }

    func testSelectingInTheBarSendsACommandAndWaitsForThePush() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2), item(3)], selectedIndex: 0)
            adw_tab_view_set_selected_page(strip.tabView, strip.page(of: TabIdentifier(3)))  // a click
            XCTAssertEqual(commands.received, ["selectTab 3"])
            settle()
            XCTAssertEqual(selectedTitle(strip), "Tab 1", "no push: the strip shows what it was told")

            // A mediator that pushes back at once.
            commands.onCommand = { [weak strip] command in
                if command == "selectTab 2" { strip?.selectTab(at: 1) }
            }
            adw_tab_view_set_selected_page(strip.tabView, strip.page(of: TabIdentifier(2)))
            settle()
            XCTAssertEqual(selectedTitle(strip), "Tab 2")
            XCTAssertEqual(commands.received, ["selectTab 3", "selectTab 2"], "the push is not echoed")
        }
    }

    func testClosingInTheBarSendsACommandAndKeepsThePageUntilThePush() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2), item(3)], selectedIndex: 0)
            // The close button, a middle click.
            adw_tab_view_close_page(strip.tabView, strip.page(of: TabIdentifier(2)))
            settle()
            XCTAssertEqual(commands.received, ["closeTab 2"])
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"])

            strip.removeTab(at: 1)
            settle()
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 3"])
            XCTAssertEqual(commands.received, ["closeTab 2"])

            // Pinned tabs close the same way (AdwTabView's own handler would refuse).
            var pinned = item(1)
            pinned.isPinned = true
            strip.updateTab(pinned, at: 0)
            adw_tab_view_close_page(strip.tabView, strip.page(of: TabIdentifier(1)))
            XCTAssertEqual(commands.received.last, "closeTab 1")
            strip.removeTab(at: 0)
            XCTAssertEqual(strip.pageTitles, ["Tab 3"])
        }
    }

    func testDraggingInTheBarSendsMoveTabAndTheOrderFollowsOnlyThePush() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2), item(3)], selectedIndex: 0)
            // What a drop in AdwTabBar does.
            adw_tab_view_reorder_page(strip.tabView, strip.page(of: TabIdentifier(1)), 2)
            XCTAssertEqual(commands.received, ["moveTab 1 2"])
            settle()
            XCTAssertEqual(
                strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"], "refused: the pushed order is back")

            commands.onCommand = { [weak strip] command in
                if command == "moveTab 3 0" { strip?.moveTab(from: 2, to: 0) }
            }
            adw_tab_view_reorder_page(strip.tabView, strip.page(of: TabIdentifier(3)), 0)
            settle()
            XCTAssertEqual(strip.pageTitles, ["Tab 3", "Tab 1", "Tab 2"])
            XCTAssertEqual(commands.received, ["moveTab 1 2", "moveTab 3 0"])
        }
    }

    func testContextMenuSendsCommandsForItsTab() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1, pinned: true), item(2), item(3)], selectedIndex: 0)
            XCTAssertNotNil(adw_tab_view_get_menu_model(strip.tabView))
            showMenu(strip, for: 2)
            XCTAssertEqual(strip.menuTarget, TabIdentifier(2))
            XCTAssertTrue(strip.menuActions.isEnabled("pin"))
            XCTAssertFalse(strip.menuActions.isEnabled("unpin"))
            XCTAssertTrue(strip.menuActions.isEnabled("move-to-new-window"))
            for action in [
                "pin", "duplicate", "reload", "move-to-new-window", "close-others", "close-to-the-right",
                "close",
            ] {
                strip.menuActions.activate(action)
            }
            XCTAssertEqual(
                commands.received,
                [
                    "setTabPinned 2 true", "duplicateTab 2", "reloadTab 2", "moveTabToNewWindow 2",
                    "closeOtherTabs 2", "closeTabsToTheRight 2", "closeTab 2",
                ])
            showMenu(strip, for: 1)
            XCTAssertTrue(strip.menuActions.isEnabled("unpin"))
            XCTAssertFalse(strip.menuActions.isEnabled("pin"))
            strip.menuActions.activate("unpin")
            XCTAssertEqual(commands.received.last, "setTabPinned 1 false")
            showMenu(strip, for: 3)
            XCTAssertFalse(strip.menuActions.isEnabled("close-to-the-right"))
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"], "no local change")
        }
    }

    func testMoveToWindowListsThePushedWindowsAndSendsTheChosenOne() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2)], selectedIndex: 0)
            strip.setMoveTargets([
                TabMoveTarget(window: WindowIdentifier("w4"), title: "News_Site"),
                TabMoveTarget(window: WindowIdentifier("w9"), title: "Window 9"),
            ])
            XCTAssertEqual(strip.moveTargetLabels, ["News__Site", "Window 9"])
            showMenu(strip, for: 2)
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(
                    strip.widget, "tab.move-to-window", g_variant_new_string("w9")), 0)
            XCTAssertEqual(commands.received, ["moveTab 2 toWindow w9"])
            strip.setMoveTargets([])
            XCTAssertEqual(strip.moveTargetLabels, [])
        }
    }

    // MARK: Dragging tabs out of the bar

    // AdwTabBar's drag, as libadwaita 1.2's AdwTabBox runs it: the drag begins by detaching
    // the page from its view; a drop on a bar attaches it to that bar's view at the drop's
    // index; a drop on no bar emits "create-window" and attaches the page to the view it
    // returns; a cancelled drag attaches it back where it was. Detaching and attaching are
    // private to libadwaita: the tests move the page through a view of their own (the hand
    // holding the dragged tab), which emits the same signals on the strips' views.

    /// Begins dragging `page` out of `strip`'s bar: the page leaves its view for `hand`.
    @MainActor
    private func beginDrag(_ page: OpaquePointer, from strip: TabStripViewController, hand: GObjectRef) {
        adw_tab_view_transfer_page(strip.tabView, page, hand.opaque, 0)
    }

    /// Drops the page in `hand` into `view` at `index`.
    @MainActor
    private func drop(into view: OpaquePointer, at index: Int32, hand: GObjectRef) {
        adw_tab_view_transfer_page(hand.opaque, adw_tab_view_get_nth_page(hand.opaque, 0), view, index)
    }

    /// Drops the page in `hand` on no bar: into the view "create-window" returns (nil if none).
    @MainActor
    private func dropOnNoBar(of strip: TabStripViewController, hand: GObjectRef) -> OpaquePointer? {
        guard
            let view = gtkshim_emit_returning_object(UnsafeMutableRawPointer(strip.tabView), "create-window")
        else { return nil }
        drop(into: OpaquePointer(view), at: 0, hand: hand)
        return OpaquePointer(view)
    }

    @MainActor
    private func makeHand() -> GObjectRef {
        GObjectRef(adopting: UnsafeMutableRawPointer(adw_tab_view_new()!))
    }

    /// Runs `body`; returns how many warnings and critical warnings libadwaita and GObject
    /// logged meanwhile (a misuse of a tab view shows as one).
    @MainActor
    private func warnings(during body: () -> Void) -> Int {
        let counts = UnsafeMutablePointer<guint>.allocate(capacity: 2)
        counts.initialize(repeating: 0, count: 2)
        defer { counts.deallocate() }
        let adwaita = gtkshim_count_warnings("Adwaita", counts)
        let gobject = gtkshim_count_warnings("GLib-GObject", counts + 1)
        body()
        gtkshim_stop_counting_warnings("Adwaita", adwaita)
        gtkshim_stop_counting_warnings("GLib-GObject", gobject)
        return Int(counts[0] + counts[1])
    }

    /// A second strip, for another window, with its own dispatcher and commands.
    @MainActor
    private func makeOtherStrip(
        window: String?
    ) -> (TabStripViewController, RecordingCommands, CommandDispatcher) {
        let otherDispatcher = CommandDispatcher()
        let commands = RecordingCommands()
        commands.register(on: otherDispatcher)
        let strip = TabStripViewController(
            tabStrip: otherDispatcher.sender(for: (any TabStripCommands).self),
            scene: otherDispatcher.sender(for: (any SceneCommands).self), registry: registry)
        if let window { strip.setWindow(WindowIdentifier(window)) }
        return (strip, commands, otherDispatcher)
    }

    func testATabDroppedOnNoTabBarSendsMoveTabToNewWindowAndTheViewStaysAsPushed() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2), item(3)], selectedIndex: 1)
            let hand = makeHand()
            var newView: OpaquePointer?
            let logged = warnings {
                beginDrag(strip.page(of: TabIdentifier(2))!, from: strip, hand: hand)
                XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 3"])
                newView = dropOnNoBar(of: strip, hand: hand)
                XCTAssertNotNil(newView, "create-window returned a view")
                XCTAssertNotEqual(newView, strip.tabView)
                XCTAssertEqual(commands.received, [], "nothing while libadwaita's drag code runs")
                settle()
            }
            XCTAssertEqual(logged, 0, "no warning from libadwaita")
            XCTAssertEqual(commands.received, ["moveTabToNewWindow 2"], "the selection was not the user's")
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"], "the page is back until the push")
            XCTAssertEqual(selectedTitle(strip), "Tab 2")
            XCTAssertEqual(newView.map { adw_tab_view_get_n_pages($0) }, 0, "the view returned keeps nothing")

            // The mediator's push once the model has moved the tab.
            strip.removeTab(at: 1)
            strip.selectTab(at: 1)
            settle()
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 3"])
            XCTAssertEqual(selectedTitle(strip), "Tab 3")
            XCTAssertEqual(commands.received, ["moveTabToNewWindow 2"])
        }
    }

    func testATabDroppedOnAnotherStripIsSentAsMoveToThatWindowAtTheDropIndex() {
        onMainActor {
            let (source, sourceCommands) = makeStrip()
            let (target, targetCommands, otherDispatcher) = makeOtherStrip(window: "w7")
            source.setTabs([item(1), item(2), item(3)], selectedIndex: 0)
            target.setTabs([item(4), item(5)], selectedIndex: 0)
            let page = source.page(of: TabIdentifier(2))!
            // Kept alive to the end, so that a page made later cannot get its address.
            g_object_ref(UnsafeMutableRawPointer(page))
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            let hand = makeHand()
            let logged = warnings {
                beginDrag(page, from: source, hand: hand)
                drop(into: target.tabView, at: 1, hand: hand)  // between 4 and 5
                XCTAssertEqual(target.pageTitles, ["Tab 4", "Tab 2", "Tab 5"], "libadwaita's drop")
                settle()
            }
            XCTAssertEqual(logged, 0, "no warning from libadwaita")
            XCTAssertEqual(
                sourceCommands.received, ["moveTab 2 toWindow w7 at 1"], "sent by the tab's own strip")
            XCTAssertEqual(targetCommands.received, [])
            XCTAssertEqual(source.pageTitles, ["Tab 1", "Tab 2", "Tab 3"], "the page is back until the push")
            XCTAssertEqual(target.pageTitles, ["Tab 4", "Tab 5"])
            XCTAssertEqual(selectedTitle(source), "Tab 1")
            XCTAssertEqual(selectedTitle(target), "Tab 4")

            // The mediators' pushes once the model has moved the tab.
            source.removeTab(at: 1)
            target.insertTab(item(2), at: 1)
            target.selectTab(at: 1)
            settle()
            XCTAssertEqual(source.pageTitles, ["Tab 1", "Tab 3"])
            XCTAssertEqual(target.pageTitles, ["Tab 4", "Tab 2", "Tab 5"])
            XCTAssertEqual(selectedTitle(target), "Tab 2")
            XCTAssertNotEqual(target.page(of: TabIdentifier(2)), page, "the target made its own page")
            _ = otherDispatcher
        }
    }

    func testADropARefusedMoveOrAWindowWithoutIdentifierLeavesBothStripsAsPushed() {
        onMainActor {
            let (source, sourceCommands) = makeStrip()
            let (target, targetCommands, otherDispatcher) = makeOtherStrip(window: nil)
            source.setTabs([item(1), item(2)], selectedIndex: 1)
            target.setTabs([item(4)], selectedIndex: 0)
            let hand = makeHand()
            let logged = warnings {
                beginDrag(source.page(of: TabIdentifier(2))!, from: source, hand: hand)
                drop(into: target.tabView, at: 0, hand: hand)
                settle()
            }
            XCTAssertEqual(logged, 0)
            XCTAssertEqual(sourceCommands.received, [], "the target strip's window is unknown")
            XCTAssertEqual(targetCommands.received, [])
            XCTAssertEqual(source.pageTitles, ["Tab 1", "Tab 2"])
            XCTAssertEqual(selectedTitle(source), "Tab 2")
            XCTAssertEqual(target.pageTitles, ["Tab 4"])
            _ = otherDispatcher
        }
    }

    func testATabRemovedDuringItsDragIsClosedWhereItIsDropped() {
        onMainActor {
            let (source, sourceCommands) = makeStrip()
            let (target, targetCommands, otherDispatcher) = makeOtherStrip(window: "w3")
            source.setTabs([item(1), item(2), item(3)], selectedIndex: 0)
            target.setTabs([item(4)], selectedIndex: 0)
            let hand = makeHand()
            let logged = warnings {
                // Pushes while the page is out: an update, a move, a pin, the tab's removal.
                beginDrag(source.page(of: TabIdentifier(2))!, from: source, hand: hand)
                var renamed = item(2)
                renamed.title = "Two"
                renamed.isPinned = true
                source.updateTab(renamed, at: 1)
                source.moveTab(from: 2, to: 0)
                XCTAssertEqual(source.pageTitles, ["Tab 3", "Tab 1"])
                source.removeTab(at: 2)
                drop(into: target.tabView, at: 1, hand: hand)
                settle()
                // The same on no tab bar.
                beginDrag(source.page(of: TabIdentifier(1))!, from: source, hand: hand)
                source.removeTab(at: 1)
                let newView = dropOnNoBar(of: source, hand: hand)
                settle()
                XCTAssertEqual(newView.map { adw_tab_view_get_n_pages($0) }, 0)
            }
            XCTAssertEqual(logged, 0)
            XCTAssertEqual(sourceCommands.received, [])
            XCTAssertEqual(targetCommands.received, [])
            XCTAssertEqual(source.pageTitles, ["Tab 3"])
            XCTAssertEqual(target.pageTitles, ["Tab 4"])
            _ = otherDispatcher
        }
    }

    func testATabDroppedBackOnItsOwnBarIsAMoveAndACancelledDragNothing() {
        onMainActor {
            let (strip, commands) = makeStrip()
            strip.setTabs([item(1), item(2), item(3)], selectedIndex: 0)
            let page = strip.page(of: TabIdentifier(1))!
            let hand = makeHand()
            let logged = warnings {
                beginDrag(page, from: strip, hand: hand)
                drop(into: strip.tabView, at: 2, hand: hand)  // at the end
                settle()
                XCTAssertEqual(commands.received, ["moveTab 1 2"])
                XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"], "no push: as pushed")

                beginDrag(page, from: strip, hand: hand)
                drop(into: strip.tabView, at: 0, hand: hand)  // cancelled: back where it was
                settle()
            }
            XCTAssertEqual(logged, 0)
            XCTAssertEqual(commands.received, ["moveTab 1 2"])
            XCTAssertEqual(strip.pageTitles, ["Tab 1", "Tab 2", "Tab 3"])
            XCTAssertEqual(selectedTitle(strip), "Tab 1")
        }
    }

    func testFaviconFromPNGBytes() {
        onMainActor {
            let (strip, _) = makeStrip()
            var tab = item(1)
            tab.favicon = Self.png()
            strip.setTabs([tab], selectedIndex: 0)
            XCTAssertNotNil(adw_tab_page_get_icon(strip.page(of: TabIdentifier(1))))
            tab.favicon = Data("not a PNG".utf8)
            strip.updateTab(tab, at: 0)
            XCTAssertNil(adw_tab_page_get_icon(strip.page(of: TabIdentifier(1))))
        }
    }

    /// A 2×2 PNG made by GDK.
    @MainActor
    static func png() -> Data {
        let pixels: [UInt8] = Array(repeating: 0xff, count: 16)
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let texture = gdk_memory_texture_new(2, 2, GDK_MEMORY_R8G8B8A8, bytes, 8)!
        g_bytes_unref(bytes)
        let png = gdk_texture_save_to_png_bytes(texture)!
        g_object_unref(UnsafeMutableRawPointer(texture))
        var size: gsize = 0
        let data = g_bytes_get_data(png, &size).map { Data(bytes: $0, count: Int(size)) } ?? Data()
        g_bytes_unref(png)
        return data
    }
}
