import ModelTestSupport
import TabModel
import Testing
import Web

/// Group lookups: group(at:), groups, containsGroup, group(withID:) and ranges.
@MainActor
struct WebStateListGroupQueryTests {
    @Test("GetGroupOfWebStateAt")
    func groupAtIndex() throws {
        let fixture = try GroupFixture("a b | [0 c d] e")
        let group = try fixture.group("0")
        let list = fixture.list

        #expect(list.group(at: 0) == nil)
        #expect(list.group(at: 1) == nil)
        #expect(list.group(at: 2) === group)
        #expect(list.group(at: 3) === group)
        #expect(list.group(at: 4) == nil)
        fixture.expectConsistent()
    }

    @Test("GetGroupRanges")
    func groupRanges() throws {
        let fixture = try GroupFixture("a b | c [0 d] e [1 f g h] [2 i] j")

        #expect(try fixture.group("0").range == TabGroupRange(start: 3, count: 1))
        #expect(try fixture.group("1").range == TabGroupRange(start: 5, count: 3))
        #expect(try fixture.group("2").range == TabGroupRange(start: 8, count: 1))
        fixture.expectConsistent()
    }

    @Test("GetGroups")
    func groups() throws {
        #expect(WebStateList(delegate: nil).groups.isEmpty)

        let fixture = try GroupFixture("| [0 a b c] d* e")
        let group0 = try fixture.group("0")
        let list = fixture.list
        #expect(list.groups == [group0])

        let group1 = list.createGroup(indices: [2], visualData: TabGroupVisualData(title: "1", color: .pink))
        fixture.name(group1, "1")
        #expect(fixture.description == "| [0 a b] [1 c] d* e")
        #expect(list.groups == [group0, group1])
        fixture.expectConsistent()

        fixture.recorder.reset()
        list.detach(at: 2)

        fixture.expect(
            "| [0 a b] d* e", events: ["willDetach c@2", "detach c@2 [1]", "groupDelete 1"])
        #expect(list.groups == [group0])
        #expect(!list.containsGroup(group1))
    }

    @Test("GroupWithID")
    func groupWithID() throws {
        let fixture = try GroupFixture("| [0 a] b [1 c]")
        let list = fixture.list
        let group0 = try fixture.group("0")
        let group1 = try fixture.group("1")

        #expect(list.group(withID: group0.id) === group0)
        #expect(list.group(withID: group1.id) === group1)
        #expect(group0.id != group1.id)
        #expect(list.group(withID: TabGroupID(high: 1, low: 2)) == nil)

        let id = TabGroupID(high: 0xABCD, low: 42)
        let created = list.createGroup(indices: [1], visualData: TabGroupVisualData(), id: id)
        #expect(created.id == id)
        #expect(list.group(withID: id) === created)

        list.deleteGroup(created)
        #expect(list.group(withID: id) == nil)
        fixture.expectConsistent()
    }

    @Test("ContainsGroup")
    func containsGroup() throws {
        let fixture = try GroupFixture("| [0 a* b] [1 c] d")
        let list = fixture.list
        let group0 = try fixture.group("0")
        let group1 = try fixture.group("1")
        let other = try GroupFixture("| [0 x]")
        let outsideGroup = try other.group("0")

        #expect(list.containsGroup(group0))
        #expect(list.containsGroup(group1))
        #expect(!list.containsGroup(outsideGroup))

        list.deleteGroup(group1)

        #expect(list.containsGroup(group0))
        #expect(!list.containsGroup(group1))
        #expect(!list.containsGroup(outsideGroup))
        #expect(other.list.containsGroup(outsideGroup))
        fixture.expectConsistent()
    }
}
