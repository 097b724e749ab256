import ModelTestSupport
import TabModel
import TestSupport
import Testing
import Web

/// Misusing the group API is a programming error that stops the process. Exit-test bodies
/// run in a child process and cannot capture anything, so each one builds its own lists.
@MainActor
struct WebStateListGroupProgrammingErrorTests {
    @Test("InsertWebState_PinnedInGroup_Fails")
    func pinnedAndInGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| [0 a]")
                let params = WebStateListInsertionParams.automatic.pinning().inGroup(
                    builder.group(named: "0"))
                list.insert(builder.webState(named: "x"), params)
            }
        }.expectPreconditionMessage("insert: pinned and inGroup are exclusive")
    }

    @Test("InsertWebState_GroupOfAnotherList_Fails")
    func insertInForeignGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                let other = WebStateList(delegate: nil)
                try? builder.build(other, "| [0 a]")
                list.insert(builder.webState(named: "x"), .automatic.inGroup(builder.group(named: "0")))
            }
        }.expectPreconditionMessage("insert: the group is not in this list")
    }

    @Test("MoveToGroup_GroupOfAnotherList_Fails")
    func moveToForeignGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a b")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { list.moveToGroup(indices: [0], group) }
            }
        }.expectPreconditionMessage("moveToGroup: the group is not in this list")
    }

    @Test("MoveGroup_GroupOfAnotherList_Fails")
    func moveForeignGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a [0 b]")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { list.moveGroup(group, before: 0) }
            }
        }.expectPreconditionMessage("moveGroup: the group is not in this list")
    }

    @Test("DeleteGroup_GroupOfAnotherList_Fails")
    func deleteForeignGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a [0 b]")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { list.deleteGroup(group) }
            }
        }.expectPreconditionMessage("deleteGroup: the group is not in this list")
    }

    @Test("UpdateGroupVisualData_GroupOfAnotherList_Fails")
    func updateForeignGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let list = WebStateList(delegate: nil)
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") {
                    list.updateGroupVisualData(group, TabGroupVisualData(title: "x"))
                }
            }
        }.expectPreconditionMessage("updateGroupVisualData: the group is not in this list")
    }

    @Test("CloseAllWebStatesInGroup_GroupOfAnotherList_Fails")
    func closeAllInForeignGroup() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a [0 b]")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { closeAllWebStatesInGroup(list, group) }
            }
        }.expectPreconditionMessage("closeAllWebStatesInGroup: the group is not in the list")
    }

    @Test("CreateGroup_DuplicateID_Fails")
    func duplicateID() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a b")
                let id = TabGroupID(high: 5, low: 5)
                list.createGroup(indices: [0], visualData: TabGroupVisualData(), id: id)
                list.createGroup(indices: [1], visualData: TabGroupVisualData(), id: id)
            }
        }.expectPreconditionMessage("createGroup: a group with id")
    }

    @Test("CreateGroup_NoIndex_Fails")
    func createGroupWithoutIndex() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a b")
                list.createGroup(indices: [Int](), visualData: TabGroupVisualData())
            }
        }.expectPreconditionMessage("createGroup: no index")
    }

    /// The same calls with this list's own group do not fail, so the tests above fail for
    /// the reason they name.
    @Test func sameCallsWithOwnGroupSucceed() throws {
        let fixture = try GroupFixture("| a [0 b] c")
        let group = try fixture.group("0")
        let list = fixture.list

        list.insert(fixture.tab("x"), .automatic.inGroup(group))
        list.moveToGroup(indices: [0], group)
        list.moveGroup(group, before: list.count)
        list.updateGroupVisualData(group, TabGroupVisualData(title: "x"))
        list.insert(fixture.tab("y"), .automatic.pinning())
        let other = list.createGroup(
            indices: [1], visualData: TabGroupVisualData(), id: TabGroupID(high: 5, low: 5))
        fixture.name(other, "1")
        list.deleteGroup(group)

        #expect(fixture.description == "y | [1 c] b x a")
        fixture.expectConsistent()
    }
}
