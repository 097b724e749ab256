import ModelTestSupport
import TabModel
import Testing
import Web

/// createGroup and updateGroupVisualData.
@MainActor
struct WebStateListGroupCreateTests {
    /// The group is created empty at the pivot (groupCreate comes first, its range then
    /// has no tab), then the chosen tabs move in, in their order. The pivot is the end of
    /// the pinned tabs if the first chosen tab is pinned, else the end of the group the
    /// first chosen tab shares with the tab before it, else the first chosen index.
    @Test(
        "CreateGroup",
        arguments: [
            // One tab that doesn't move.
            ("| a*", [0], "| [N a*]", ["groupCreate N [0, 0)", "status a@0 [none->N]"]),
            // One pinned tab, moving past the other pinned tab.
            ("a* b |", [0], "b | [N a*]", ["groupCreate N [2, 2)", "move a 0->1 [none->N] pinned"]),
            // Scattered tabs gather at the first one.
            (
                "| a b* c d e", [0, 2, 4], "| [N a c e] b* d",
                [
                    "groupCreate N [0, 0)", "status a@0 [none->N]", "move c 2->1 [none->N]",
                    "move e 4->2 [none->N]",
                ]
            ),
            // Contiguous tabs.
            (
                "| a [0 b] c d* e", [2, 3], "| a [0 b] [N c d*] e",
                ["groupCreate N [2, 2)", "status c@2 [none->N]", "status d@3 [none->N]"]
            ),
            // Some pinned: the pivot is the end of the pinned tabs.
            (
                "a b* c | d e", [1, 3], "a c | [N b* d] e",
                ["groupCreate N [3, 3)", "move b 1->2 [none->N] pinned", "status d@3 [none->N]"]
            ),
            // Several pinned, keeping their order.
            (
                "a b c | d", [0, 1], "c | [N a b] d",
                [
                    "groupCreate N [3, 3)", "move b 1->2 [none->N] pinned", "move a 0->1 [none->N] pinned",
                ]
            ),
            // The first chosen tab shares its group with the tab before it: pivot at that
            // group's end.
            (
                "| [0 a b c] d* e", [1, 3], "| [0 a c] [N b d*] e",
                ["groupCreate N [3, 3)", "move b 1->2 [0->N]", "status d@3 [none->N]"]
            ),
            (
                "| [0 a b c d]", [1, 2], "| [0 a d] [N b c]",
                ["groupCreate N [4, 4)", "move c 2->3 [0->N]", "move b 1->2 [0->N]"]
            ),
            // The first chosen tab starts its group: pivot at that tab.
            (
                "| a [0 b c] d", [1, 3], "| a [N b d] [0 c]",
                ["groupCreate N [1, 1)", "status b@1 [0->N]", "move d 3->2 [none->N]"]
            ),
            // Taking every tab of another group deletes it.
            (
                "| [0 a b] c", [0, 1], "| [N a b] c",
                ["groupCreate N [0, 0)", "status a@0 [0->N]", "status b@1 [0->N]", "groupDelete 0"]
            ),
            (
                "| [0 a] b [1 c]", [0, 2], "| [N a c] b",
                [
                    "groupCreate N [0, 0)", "status a@0 [0->N]", "groupDelete 0", "move c 2->1 [1->N]",
                    "groupDelete 1",
                ]
            ),
        ])
    func createGroup(_ initial: String, _ indices: [Int], _ expected: String, _ events: [String]) throws {
        let fixture = try GroupFixture(initial)
        let visualData = TabGroupVisualData(title: "New", color: .grey)
        let id = TabGroupID(high: 7, low: 11)

        let group = fixture.list.createGroup(indices: indices, visualData: visualData, id: id)
        fixture.name(group, "N")

        fixture.expect(expected, events: events)
        #expect(group.id == id)
        #expect(group.visualData == visualData)
        #expect(fixture.list.containsGroup(group))
        #expect(fixture.list.group(withID: id) === group)
        #expect(group.range.count == indices.count)
    }

    @Test("CreateGroup_SeveralTabs_PinnedAndGrouped")
    func createGroupFromPinnedAndGroupedTabs() throws {
        let fixture = try GroupFixture("a b c d e f | g h [0 i j k] l")
        let group0 = try fixture.group("0")

        let group1 = fixture.list.createGroup(
            indices: [0, 1, 2, 3, 7, 8, 9], visualData: TabGroupVisualData(title: "1", color: .blue))
        fixture.name(group1, "1")

        fixture.expect(
            "e f | [1 a b c d h i j] g [0 k] l",
            events: [
                "groupCreate 1 [6, 6)", "move d 3->5 [none->1] pinned", "move c 2->4 [none->1] pinned",
                "move b 1->3 [none->1] pinned", "move a 0->2 [none->1] pinned", "move h 7->6 [none->1]",
                "move i 8->7 [0->1]", "move j 9->8 [0->1]",
            ])
        #expect(group0.range == TabGroupRange(start: 10, count: 1))
        #expect(group1.range == TabGroupRange(start: 2, count: 7))
        #expect(fixture.list.pinnedCount == 2)
    }

    @Test("CreateGroup_SeveralTabs_GroupedLeftAndRight")
    func createGroupFromGroupsOnBothSides() throws {
        let fixture = try GroupFixture("| [0 a b c] d e f [1 g h i j] k l")

        let group2 = fixture.list.createGroup(
            indices: [1, 4, 7, 8], visualData: TabGroupVisualData(title: "2", color: .orange))
        fixture.name(group2, "2")

        fixture.expect(
            "| [0 a c] [2 b e h i] d f [1 g j] k l",
            events: [
                "groupCreate 2 [3, 3)", "move b 1->2 [0->2]", "move e 4->3 [none->2]", "move h 7->4 [1->2]",
                "move i 8->5 [1->2]",
            ])
        #expect(try fixture.group("0").range == TabGroupRange(start: 0, count: 2))
        #expect(try fixture.group("1").range == TabGroupRange(start: 8, count: 2))
        #expect(group2.range == TabGroupRange(start: 2, count: 4))
    }

    @Test("CreateGroup_ActiveFollows")
    func createGroupKeepsActiveTab() throws {
        let fixture = try GroupFixture("| a b c* d")

        let group = fixture.list.createGroup(indices: [0, 2], visualData: TabGroupVisualData())
        fixture.name(group, "N")

        fixture.expect(
            "| [N a c*] b d",
            events: ["groupCreate N [0, 0)", "status a@0 [none->N]", "move c 2->1 [none->N]"])
        #expect(fixture.list.activeIndex == 1)
    }

    @Test("CreateGroup_UniqueIDs")
    func createdGroupsHaveUniqueIDs() throws {
        let fixture = try GroupFixture("| a b c d")
        let list = fixture.list

        let groups = [0, 1, 2, 3].map { list.createGroup(indices: [$0], visualData: TabGroupVisualData()) }

        #expect(Set(groups.map(\.id)).count == 4)
        #expect(list.groups == Set(groups))
        for group in groups { #expect(list.group(withID: group.id) === group) }
        fixture.expectConsistent()
    }

    // MARK: Visual data

    @Test("UpdateGroupVisualData_Changed")
    func updateVisualDataChanged() throws {
        let fixture = try GroupFixture("| [0 a b]")
        let group = try fixture.group("0")
        let original = group.visualData
        let new = TabGroupVisualData(title: "Group", color: .orange)
        #expect(new != original)

        fixture.list.updateGroupVisualData(group, new)

        fixture.expect("| [0 a b]", events: ["groupVisual 0 was 0 blue"])
        #expect(group.visualData == new)
    }

    @Test("UpdateGroupVisualData_NoChange")
    func updateVisualDataUnchanged() throws {
        let fixture = try GroupFixture("| [0 a b]")
        let group = try fixture.group("0")
        let original = group.visualData

        fixture.list.updateGroupVisualData(group, original)

        fixture.expect("| [0 a b]", events: [])
        #expect(group.visualData == original)
    }

    /// The collapsed state is part of the comparison: changing only it notifies, setting
    /// it again does not.
    @Test("UpdateGroupVisualData_Collapsed")
    func updateVisualDataCollapsed() throws {
        let fixture = try GroupFixture("| [0 a b]")
        let group = try fixture.group("0")
        var collapsed = group.visualData
        collapsed.isCollapsed = true

        fixture.list.updateGroupVisualData(group, collapsed)
        fixture.list.updateGroupVisualData(group, collapsed)
        #expect(group.visualData.isCollapsed)
        fixture.list.updateGroupVisualData(group, TabGroupVisualData(title: "0", color: .blue))

        fixture.expect(
            "| [0 a b]", events: ["groupVisual 0 was 0 blue", "groupVisual 0 was 0 blue collapsed"])
        #expect(!group.visualData.isCollapsed)
    }
}
