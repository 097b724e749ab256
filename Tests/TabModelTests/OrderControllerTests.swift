import ModelTestSupport
import TabModel
import Testing
import Web

/// Where tabs are inserted and which tab becomes active (Chromium's
/// order_controller_unittest, on real lists).
@MainActor
struct OrderControllerTests {
    /// Sets the opener of each tab named in `openers` (child name → opener name) at the
    /// opener's current navigation index, or at `navigationIndex` when given.
    private func setOpeners(
        _ openers: [(child: String, opener: String, navigationIndex: Int?)], _ f: WebStateListFixture
    ) throws {
        for (child, opener, navigationIndex) in openers {
            let index = try #require(f.index(of: child))
            let openerWebState = f.webState(opener)
            f.list.setOpener(
                at: index,
                navigationIndex.map { WebStateOpener(openerWebState, navigationIndex: $0) }
                    ?? WebStateOpener(openerWebState))
        }
    }

    // MARK: Insertion

    @Test("DetermineInsertionIndex_Automatic")
    func insertionIndexAutomatic() throws {
        let f = try WebStateListFixture("a b | c d")
        let controller = OrderController(list: f.list)
        #expect(
            controller.insertionIndex(desiredIndex: nil, openerIndex: nil, pinned: false, group: nil) == 4)
        #expect(controller.insertionIndex(desiredIndex: nil, openerIndex: nil, pinned: true, group: nil) == 2)
    }

    @Test(
        "DetermineInsertionIndex_ForceIndex",
        arguments: [
            // In range: the desired index.
            (2, false, 2), (3, false, 3), (4, false, 4),
            (0, true, 0), (1, true, 1), (2, true, 2),
            // Out of range: the end of the range.
            (0, false, 4), (1, false, 4), (5, false, 4), (-1, false, 4),
            (3, true, 2), (4, true, 2), (-1, true, 2),
        ])
    func insertionIndexForced(desired: Int, pinned: Bool, expected: Int) throws {
        let f = try WebStateListFixture("a b | c d")
        let controller = OrderController(list: f.list)
        #expect(
            controller.insertionIndex(desiredIndex: desired, openerIndex: nil, pinned: pinned, group: nil)
                == expected)
    }

    @Test(
        "DetermineInsertionIndex_WithOpener",
        arguments: [
            // After the last child opened at the opener's current navigation index.
            (7, false, 10),
            (1, true, 4),
            // Even when that child is before the opener.
            (11, false, 8),
            (5, true, 2),
            // No child: right after the opener.
            (8, false, 9),
            (2, true, 3),
            // Outside the range: the end of the range.
            (0, false, 12),
            (6, true, 6),
        ])
    func insertionIndexWithOpener(opener: Int, pinned: Bool, expected: Int) throws {
        // Every tab is realized with one committed page (navigation index 0).
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
        let f = try WebStateListFixture("a b c d e f | g h i j k l", realized: names)
        try setOpeners(
            [
                ("b", "f", 0), ("c", "b", 0), ("d", "b", 0), ("e", "b", 1),
                ("h", "l", 0), ("i", "h", 0), ("j", "h", 0), ("k", "h", 1),
            ], f)
        let controller = OrderController(list: f.list)
        #expect(
            controller.insertionIndex(desiredIndex: nil, openerIndex: opener, pinned: pinned, group: nil)
                == expected)
    }

    @Test func anUnrealizedOpenersChildrenAreThoseRecordedWithoutANavigationIndex() throws {
        let f = try WebStateListFixture("| a b c d")
        try setOpeners([("b", "a", nil), ("c", "a", 0)], f)
        #expect(f.list.opener(at: 1)?.navigationIndex == -1)
        let controller = OrderController(list: f.list)
        #expect(controller.insertionIndex(desiredIndex: nil, openerIndex: 0, pinned: false, group: nil) == 2)
    }

    // MARK: New active index

    /// Chromium's table: no pinned tab; c opened by h, e and f by a, g by b.
    @Test(
        "DetermineNewActiveIndex",
        arguments: [
            // Closing every tab: nothing.
            (0, [0, 1, 2, 3, 4, 5, 6, 7, 8], nil),
            // No active tab: nothing.
            (nil, [], nil),
            (nil, [3], nil),
            // The active tab is not closed: it stays (index before removal).
            (4, [5], 4), (6, [5], 6), (4, [5, 7], 4), (6, [5, 7], 6), (7, [5, 6], 7),
            // A sibling, even before the active tab.
            (4, [4], 5), (5, [5], 4),
            // No sibling: the opener.
            (6, [6], 1),
            // A child, even before the active tab.
            (1, [1], 6), (7, [7], 2),
            // Several children: the first one after the active tab.
            (0, [0], 4),
            // No child: the next tab, else the previous one.
            (3, [3], 4), (8, [8], 7),
            // Siblings closed too: the opener.
            (4, [4, 5], 0),
            // The first child not closed.
            (0, [0, 4], 5),
            // Every child closed: the next tab.
            (0, [0, 4, 5], 1),
            // Everything after closed: the previous tab.
            (1, [1, 2, 3, 4, 5, 6, 7, 8], 0),
        ] as [(Int?, [Int], Int?)])
    func newActiveIndex(active: Int?, removing: [Int], expected: Int?) throws {
        let f = try WebStateListFixture("| a b c d e f g h i")
        try setOpeners([("c", "h", nil), ("e", "a", nil), ("f", "a", nil), ("g", "b", nil)], f)
        let controller = OrderController(list: f.list)
        #expect(
            controller.newActiveIndex(activeIndex: active, removing: RemovingIndexes(removing)) == expected)
    }

    @Test func childrenAndSiblingsCountWhateverNavigationIndexTheyWereOpenedAt() throws {
        let f = try WebStateListFixture("| a b c d", realized: ["a", "b"])
        // d was opened by b from an older page of b; c by a from a page a has left.
        try setOpeners([("d", "b", 7), ("c", "a", 3)], f)
        let controller = OrderController(list: f.list)
        // The child d of b.
        #expect(controller.newActiveIndex(activeIndex: 1, removing: RemovingIndexes([1])) == 3)
        // c's opener a (no sibling).
        #expect(controller.newActiveIndex(activeIndex: 2, removing: RemovingIndexes([2])) == 0)
        // For insertion, though, those relationships are stale: right after the opener.
        #expect(controller.insertionIndex(desiredIndex: nil, openerIndex: 1, pinned: false, group: nil) == 2)
    }

    @Test(
        "DetermineNewActiveIndex_TabGroup",
        arguments: [
            // Closing an inactive tab keeps the active one.
            (0, [1], 0), (3, [4, 5], 3), (2, [1, 3, 4], 2),
            // The active tab in a group: the next tab of the group...
            (1, [1], 2),
            // ...else the previous one.
            (2, [2], 1), (2, [1, 2], 0),
            // The whole group: a tab outside it.
            (1, [0, 1, 2], 3),
            // Tabs inside and outside the group: the closest tab outside it.
            (2, [2, 4], 3),
        ])
    func newActiveIndexTabGroup(active: Int, removing: [Int], expected: Int) throws {
        let f = try WebStateListFixture("| [0 a b c] d e f")
        let controller = OrderController(list: f.list)
        #expect(
            controller.newActiveIndex(activeIndex: active, removing: RemovingIndexes(removing)) == expected)
    }

    @Test("DetermineNewActiveIndex_CollapsedTabs")
    func newActiveIndexCollapsedTabs() throws {
        let f = try WebStateListFixture("| a [0 b] c*")
        let group = try #require(f.builder.group(named: "0"))
        #expect(
            OrderController(list: f.list).newActiveIndex(activeIndex: 2, removing: RemovingIndexes([2])) == 1)

        var collapsed = group.visualData
        collapsed.isCollapsed = true
        f.list.updateGroupVisualData(group, collapsed)
        #expect(
            OrderController(list: f.list).newActiveIndex(activeIndex: 2, removing: RemovingIndexes([2])) == 0)
    }

    /// Each rule of the "next active tab" list, through the list itself: the tab that
    /// becomes active when the active tab (or a set of tabs holding it) is closed.
    @Test(
        "Next active tab rules",
        arguments: [
            // 1) No active tab: none.
            ("| a b c", [1], "", "| a c"),
            // 2) Everything removed: none.
            ("a | b* c", [0, 1, 2], "", "|"),
            // 3) The active tab is not removed: it stays.
            ("| a b* c d", [0, 3], "", "| b* c"),
            // 4) A child of the active tab (c opened by b), searched cyclically after it.
            ("| a b* c d", [1], "c<b", "| a c* d"),
            ("| a b c* d", [2], "a<c", "| a* b d"),
            // 5) A sibling (same opener), else the opener.
            ("| a b c* d", [2], "a<b c<b", "| a* b d"),
            ("| a b c* d", [2], "c<a", "| a* b d"),
            ("| a b c* d", [0, 2], "c<a", "| b d*"),
            // 6) Removing within one group: the closest tab of that group.
            ("| a [0 b c*] d", [2], "", "| a [0 b*] d"),
            ("| a [0 b c* d] e", [2, 3], "", "| a [0 b*] e"),
            // 7) The closest tab of the section, skipping collapsed groups.
            ("| a* [1 b] c", [0], "", "| [1 b] c*"),
            // 8) The closest tab of the section, collapsed or not.
            ("| a* [1 b c]", [0], "", "| [1 b* c]"),
            // 9) The closest tab of the other section.
            ("a b | c*", [2], "", "a b* |"),
            ("a* b | c d", [0, 1], "", "| c* d"),
        ])
    func nextActiveRules(before: String, closing: [Int], openers: String, after: String) throws {
        let f = try WebStateListFixture(before)
        // "c<b" means c was opened by b.
        for pair in openers.split(separator: " ") {
            let names = pair.split(separator: "<").map(String.init)
            try setOpeners([(names[0], names[1], nil)], f)
        }
        if let group = f.builder.group(named: "1") {
            var collapsed = group.visualData
            collapsed.isCollapsed = true
            f.list.updateGroupVisualData(group, collapsed)
        }
        f.list.closeWebStates(atIndices: closing)
        #expect(f.description == after)
    }
}

/// Index arithmetic for removals.
struct RemovingIndexesTests {
    @Test func indicesAreSortedAndDeduplicated() {
        let removing = RemovingIndexes([6, 2, 4, 2, 3])
        #expect(removing.indices == [2, 3, 4, 6])
        #expect(removing.count == 4)
        #expect(!removing.isEmpty)
        #expect(RemovingIndexes([]).isEmpty)
        #expect(RemovingIndexes([3, 1]) == RemovingIndexes([1, 3, 3]))
    }

    @Test(
        "contains and indexAfterRemoval",
        arguments: [
            (0, 0), (1, 1), (2, nil), (3, nil), (4, nil), (5, 2), (6, nil), (7, 3), (10, 6),
        ])
    func indexAfterRemoval(index: Int, expected: Int?) {
        let removing = RemovingIndexes([2, 3, 4, 6])
        #expect(removing.indexAfterRemoval(index) == expected)
        #expect(removing.contains(index) == (expected == nil))
    }

    @Test func anEmptyRemovalMovesNothing() {
        let removing = RemovingIndexes([])
        #expect(!removing.contains(0))
        #expect(removing.indexAfterRemoval(0) == 0)
        #expect(removing.indexAfterRemoval(5) == 5)
    }

    @Test func aSingleRemovalMovesTheIndicesAfterIt() {
        let removing = RemovingIndexes([0])
        #expect(removing.contains(0))
        #expect(removing.indexAfterRemoval(0) == nil)
        #expect(removing.indexAfterRemoval(1) == 0)
    }
}
