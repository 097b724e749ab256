import CAdwaita
import CGLib
import CGTK
import Commands
import GLibSupport
import UIInterfaces
import XCTest

@testable import ViewControllers

final class TabStripRegistryTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeStrip(in registry: TabStripRegistry) -> TabStripViewController {
        TabStripViewController(
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self), registry: registry)
    }

    func testTwoStripsOfARegistrySeeEachOtherAndAFreedStripLeavesIt() {
        onMainActor {
            RecordingCommands().register(on: dispatcher)
            let registry = TabStripRegistry()
            let first = makeStrip(in: registry)
            weak var freed: TabStripViewController?
            do {
                let second = makeStrip(in: registry)
                freed = second
                XCTAssertEqual(
                    registry.liveStrips.map(ObjectIdentifier.init),
                    [first, second].map(ObjectIdentifier.init))
                XCTAssertTrue(first.registry === second.registry)
            }
            settle()
            XCTAssertNil(freed)
            XCTAssertEqual(registry.liveStrips.map(ObjectIdentifier.init), [ObjectIdentifier(first)])
            let third = makeStrip(in: registry)
            XCTAssertEqual(
                registry.liveStrips.map(ObjectIdentifier.init), [first, third].map(ObjectIdentifier.init))

            // Another registry's strips are strangers.
            let other = TabStripRegistry()
            let stranger = makeStrip(in: other)
            XCTAssertFalse(registry.liveStrips.contains { $0 === stranger })
            XCTAssertEqual(other.liveStrips.map(ObjectIdentifier.init), [ObjectIdentifier(stranger)])
            XCTAssertNotEqual(registry.newWindowView, other.newWindowView)
        }
    }

    func testTheRegistryFindsTheStripWhoseTabIsDragged() {
        onMainActor {
            RecordingCommands().register(on: dispatcher)
            let registry = TabStripRegistry()
            let source = makeStrip(in: registry)
            let target = makeStrip(in: registry)
            source.setTabs([TabStripItem(id: TabIdentifier(1), title: "One")], selectedIndex: 0)
            target.setTabs([TabStripItem(id: TabIdentifier(2), title: "Two")], selectedIndex: 0)
            let page = source.page(of: TabIdentifier(1))!
            XCTAssertNil(registry.strip(dragging: page), "no drag yet")
            // What AdwTabBar does when a drag begins: the page leaves its view.
            let hand = GObjectRef(adopting: UnsafeMutableRawPointer(adw_tab_view_new()!))
            adw_tab_view_transfer_page(source.tabView, page, hand.opaque, 0)
            XCTAssertTrue(registry.strip(dragging: page) === source)
            XCTAssertNil(registry.strip(dragging: target.page(of: TabIdentifier(2))!))
            // Dropped back: the drag ends on idle.
            adw_tab_view_transfer_page(hand.opaque, page, source.tabView, 0)
            settle()
            XCTAssertNil(registry.strip(dragging: page))
        }
    }
}
