import ModelTestSupport
import TabModel
import Testing
import Web

/// moveToGroup, removeFromGroups and deleteGroup.
@MainActor
struct WebStateListGroupMembershipTests {
    /// Tabs already in the group stay; tabs left of it join its end in their order
    /// (pinned ones are unpinned); tabs right of it are appended in their order. A group
    /// left empty is deleted.
    ///
    /// The spec's "tabs left of the group move (highest first) to rangeEnd-1" is read as
    /// Chromium's code does it: rangeEnd-1 of the range before the moves, one less for each
    /// tab already moved, so that those tabs keep their order.
    @Test(
        "MoveToGroup",
        arguments: [
            // Same index, joining the group on the left.
            ("| [0 a] b", [1], "0", "| [0 a b]", ["status b@1 [none->0]"]),
            ("| [0 a] [1 b]", [1], "0", "| [0 a b]", ["status b@1 [1->0]", "groupDelete 1"]),
            ("| [0 a b] [1 c d]", [2], "0", "| [0 a b c] [1 d]", ["status c@2 [1->0]"]),
            // A pinned tab.
            ("a | [0 b]", [0], "0", "| [0 b a]", ["move a 0->1 [none->0] pinned"]),
            // From the right and from the left.
            ("| [0 a] b c", [2], "0", "| [0 a c] b", ["move c 2->1 [none->0]"]),
            ("| a [0 b]", [0], "0", "| [0 b a]", ["move a 0->1 [none->0]"]),
            // From another group, which may become empty.
            ("| [0 a] b [1 c]", [2], "0", "| [0 a c] b", ["move c 2->1 [1->0]", "groupDelete 1"]),
            ("| [0 a] [1 b]", [0], "1", "| [1 b a]", ["move a 0->1 [0->1]", "groupDelete 0"]),
            ("| [0 a] [1 b c]", [2], "0", "| [0 a c] [1 b]", ["move c 2->1 [1->0]"]),
            ("| [0 a b] [1 c]", [0], "1", "| [0 b] [1 c a]", ["move a 0->2 [0->1]"]),
            // Already inside: nothing happens.
            ("| a [0 b c] d", [1, 2], "0", "| a [0 b c] d", []),
            // Several from the left keep their order.
            (
                "| a b [0 c] d", [0, 1], "0", "| [0 c a b] d",
                ["move b 1->2 [none->0]", "move a 0->1 [none->0]"]
            ),
            // Several pinned keep their order.
            (
                "a b | [0 c] d", [0, 1], "0", "| [0 c a b] d",
                ["move b 1->2 [none->0] pinned", "move a 0->1 [none->0] pinned"]
            ),
            // Mixed: left, inside and right.
            (
                "| a b [0 c d] e f", [0, 1, 2, 5], "0", "| [0 c d a b f] e",
                ["move b 1->3 [none->0]", "move a 0->2 [none->0]", "move f 5->4 [none->0]"]
            ),
            (
                "x | a [1 b] [0 c] d [2 e f]", [0, 2, 5], "0", "| a [0 c x b e] d [2 f]",
                [
                    "move b 2->3 [1->0]", "groupDelete 1", "move x 0->2 [none->0] pinned",
                    "move e 5->4 [2->0]",
                ]
            ),
        ])
    func moveToGroup(
        _ initial: String, _ indices: [Int], _ groupName: String, _ expected: String, _ events: [String]
    ) throws {
        let fixture = try GroupFixture(initial)
        let group = try fixture.group(groupName)

        fixture.list.moveToGroup(indices: indices, group)

        fixture.expect(expected, events: events)
        #expect(fixture.list.containsGroup(group))
    }

    @Test("MoveToGroup_ActiveFollows")
    func moveToGroupKeepsActiveTab() throws {
        let fixture = try GroupFixture("| a* b [0 c]")

        fixture.list.moveToGroup(indices: [0], try fixture.group("0"))

        fixture.expect("| b [0 c a*]", events: ["move a 0->2 [none->0]"])
        #expect(fixture.list.activeIndex == 2)
    }

    @Test("MoveToGroup_Ranges")
    func moveToGroupUpdatesRanges() throws {
        let fixture = try GroupFixture("| [0 a b] [1 c]")

        fixture.list.moveToGroup(indices: [0], try fixture.group("1"))

        #expect(try fixture.group("0").range == TabGroupRange(start: 0, count: 1))
        #expect(try fixture.group("1").range == TabGroupRange(start: 1, count: 2))
        fixture.expectConsistent()
    }

    // MARK: removeFromGroups

    /// From the highest index down, each grouped tab moves to its group's end, ungrouped
    /// (so ungrouped tabs keep their order, right after the group). Pinned and ungrouped
    /// tabs are unaffected.
    @Test(
        "RemoveFromGroups",
        arguments: [
            ("| a b c", [0, 1, 2], "| a b c", [String]()),
            (
                "| [0 a b c] [1 d e]", [1, 2], "| [0 a] b c [1 d e]",
                ["status c@2 [0->none]", "status b@1 [0->none]"]
            ),
            (
                "| [0 a b c d] e", [0, 1], "| [0 c d] a b e",
                ["move b 1->3 [0->none]", "move a 0->2 [0->none]"]
            ),
            (
                "| [0 a b c] [1 d e]", [0, 1, 2], "| a b c [1 d e]",
                ["status c@2 [0->none]", "status b@1 [0->none]", "status a@0 [0->none]", "groupDelete 0"]
            ),
            (
                "| [0 a b c] [1 d e]", [1, 3], "| [0 a c] b [1 e] d",
                ["move d 3->4 [1->none]", "move b 1->2 [0->none]"]
            ),
            ("a | [0 b]", [0, 1], "a | b", ["status b@1 [0->none]", "groupDelete 0"]),
            ("a | b [0 c d] e", [0, 1, 2, 4], "a | b [0 d] c e", ["move c 2->3 [0->none]"]),
            ("| [0 a* b]", [0], "| [0 b] a*", ["move a 0->1 [0->none]"]),
        ])
    func removeFromGroups(_ initial: String, _ indices: [Int], _ expected: String, _ events: [String]) throws
    {
        let fixture = try GroupFixture(initial)
        let pinnedCount = fixture.list.pinnedCount

        fixture.list.removeFromGroups(indices: indices)

        fixture.expect(expected, events: events)
        #expect(fixture.list.pinnedCount == pinnedCount)
    }

    @Test("RemoveFromGroups_Ranges")
    func removeFromGroupsUpdatesRanges() throws {
        let fixture = try GroupFixture("| [0 a b c] [1 d e]")

        fixture.list.removeFromGroups(indices: [1, 3])

        #expect(try fixture.group("0").range == TabGroupRange(start: 0, count: 2))
        #expect(try fixture.group("1").range == TabGroupRange(start: 3, count: 1))
        fixture.expectConsistent()
    }

    // MARK: deleteGroup

    /// One status-only event per member, then groupDelete; the tabs stay in place and the
    /// active tab does not change. The list is consistent at every event.
    @Test("DeleteGroup")
    func deleteGroup() throws {
        let fixture = try GroupFixture("| [0 a* b] [1 c] d")
        let group0 = try fixture.group("0")
        let group1 = try fixture.group("1")

        fixture.list.deleteGroup(group0)

        fixture.expect(
            "| a* b [1 c] d", events: ["status a@0 [0->none]", "status b@1 [0->none]", "groupDelete 0"])
        #expect(group1.range == TabGroupRange(start: 2, count: 1))
        #expect(!fixture.list.containsGroup(group0))
        #expect(fixture.list.groups == [group1])
    }

    /// Observers read the list while they are notified; during deleteGroup, the range
    /// of the group being dissolved must only cover the tabs still in it.
    @Test("DeleteGroup_RangeDuringNotifications")
    func deleteGroupRangeSeenByObservers() throws {
        let fixture = try GroupFixture("a | b [0 c d e] f")
        let group = try fixture.group("0")
        let observer = GroupRangeObserver(group: group)
        fixture.list.addObserver(observer)

        fixture.list.deleteGroup(group)

        #expect(observer.ranges.map(\.count) == [2, 1, 0])
        #expect(
            observer.ranges.prefix(2) == [
                TabGroupRange(start: 3, count: 2), TabGroupRange(start: 4, count: 1),
            ])
        fixture.expect(
            "a | b c d e f",
            events: ["status c@2 [0->none]", "status d@3 [0->none]", "status e@4 [0->none]", "groupDelete 0"])
    }
}

/// Records the range of one group at every status-only event.
@MainActor
final class GroupRangeObserver: WebStateListObserver {
    let group: TabGroup
    private(set) var ranges: [TabGroupRange] = []

    init(group: TabGroup) { self.group = group }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        if case .statusOnly = change { ranges.append(group.range) }
    }
}
