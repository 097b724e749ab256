import ModelTestSupport
import TabModel
import Testing
import Web

/// Misusing the group API is a programming error that stops the process. Exit-test bodies
/// run in a child process and cannot capture anything, so each one builds its own lists.
@MainActor
struct WebStateListGroupProgrammingErrorTests {
    @Test("InsertWebState_PinnedInGroup_Fails")
    func pinnedAndInGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| [0 a]")
                let params = WebStateListInsertionParams.automatic.pinning().inGroup(
                    builder.group(named: "0"))
                list.insert(builder.webState(named: "x"), params)
            }
        }
        expectMessage(result, "insert: pinned and inGroup are exclusive")
    }

    @Test("InsertWebState_GroupOfAnotherList_Fails")
    func insertInForeignGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                let other = WebStateList(delegate: nil)
                try? builder.build(other, "| [0 a]")
                list.insert(builder.webState(named: "x"), .automatic.inGroup(builder.group(named: "0")))
            }
        }
        expectMessage(result, "insert: the group is not in this list")
    }

    @Test("MoveToGroup_GroupOfAnotherList_Fails")
    func moveToForeignGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a b")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { list.moveToGroup(indices: [0], group) }
            }
        }
        expectMessage(result, "moveToGroup: the group is not in this list")
    }

    @Test("MoveGroup_GroupOfAnotherList_Fails")
    func moveForeignGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a [0 b]")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { list.moveGroup(group, before: 0) }
            }
        }
        expectMessage(result, "moveGroup: the group is not in this list")
    }

    @Test("DeleteGroup_GroupOfAnotherList_Fails")
    func deleteForeignGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a [0 b]")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { list.deleteGroup(group) }
            }
        }
        expectMessage(result, "deleteGroup: the group is not in this list")
    }

    @Test("UpdateGroupVisualData_GroupOfAnotherList_Fails")
    func updateForeignGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let list = WebStateList(delegate: nil)
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") {
                    list.updateGroupVisualData(group, TabGroupVisualData(title: "x"))
                }
            }
        }
        expectMessage(result, "updateGroupVisualData: the group is not in this list")
    }

    @Test("CloseAllWebStatesInGroup_GroupOfAnotherList_Fails")
    func closeAllInForeignGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a [0 b]")
                let otherBuilder = WebStateListBuilder()
                let other = WebStateList(delegate: nil)
                try? otherBuilder.build(other, "| [0 c]")
                if let group = otherBuilder.group(named: "0") { closeAllWebStatesInGroup(list, group) }
            }
        }
        expectMessage(result, "closeAllWebStatesInGroup: the group is not in the list")
    }

    @Test("CreateGroup_DuplicateID_Fails")
    func duplicateID() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a b")
                let id = TabGroupID(high: 5, low: 5)
                list.createGroup(indices: [0], visualData: TabGroupVisualData(), id: id)
                list.createGroup(indices: [1], visualData: TabGroupVisualData(), id: id)
            }
        }
        expectMessage(result, "createGroup: a group with id")
    }

    @Test("CreateGroup_NoIndex_Fails")
    func createGroupWithoutIndex() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let builder = WebStateListBuilder()
                let list = WebStateList(delegate: nil)
                try? builder.build(list, "| a b")
                list.createGroup(indices: [Int](), visualData: TabGroupVisualData())
            }
        }
        expectMessage(result, "createGroup: no index")
    }

    private func expectMessage(
        _ result: ExitTest.Result?, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains(message), "\(output)", sourceLocation: sourceLocation)
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
