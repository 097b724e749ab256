import ModelTestSupport
import TabModel
import Testing
import Web

/// Detach, close, move, replace, activate and pinning in a list with groups.
@MainActor
struct WebStateListGroupTabOperationTests {
    // MARK: Detach

    /// Ranges shrink (and later groups slide left); the detach event names the group; a
    /// group left empty is deleted after the detach event.
    @Test(
        "DetachWebStateAt_Groups",
        arguments: [
            (0, "b | c [1 d] e f [2 g h] [3 i j k]", ["willDetach a@0", "detach a@0 [none]"]),
            (1, "a | c [1 d] e f [2 g h] [3 i j k]", ["willDetach b@1", "detach b@1 [none]"]),
            (2, "a b | [1 d] e f [2 g h] [3 i j k]", ["willDetach c@2", "detach c@2 [none]"]),
            (3, "a b | c e f [2 g h] [3 i j k]", ["willDetach d@3", "detach d@3 [1]", "groupDelete 1"]),
            (4, "a b | c [1 d] f [2 g h] [3 i j k]", ["willDetach e@4", "detach e@4 [none]"]),
            (5, "a b | c [1 d] e [2 g h] [3 i j k]", ["willDetach f@5", "detach f@5 [none]"]),
            (6, "a b | c [1 d] e f [2 h] [3 i j k]", ["willDetach g@6", "detach g@6 [2]"]),
            (7, "a b | c [1 d] e f [2 g] [3 i j k]", ["willDetach h@7", "detach h@7 [2]"]),
            (8, "a b | c [1 d] e f [2 g h] [3 j k]", ["willDetach i@8", "detach i@8 [3]"]),
            (9, "a b | c [1 d] e f [2 g h] [3 i k]", ["willDetach j@9", "detach j@9 [3]"]),
            (10, "a b | c [1 d] e f [2 g h] [3 i j]", ["willDetach k@10", "detach k@10 [3]"]),
        ])
    func detach(_ index: Int, _ expected: String, _ events: [String]) throws {
        let fixture = try GroupFixture("a b | c [1 d] e f [2 g h] [3 i j k]")
        let tab = fixture.list.webState(at: index)

        let detached = fixture.list.detach(at: index)

        #expect(detached === tab)
        fixture.expect(expected, events: events)
    }

    @Test("DetachWebStateAt_Groups_Ranges")
    func detachUpdatesRanges() throws {
        let fixture = try GroupFixture("a | b [0 c d e] f [1 g h]")
        let group0 = try fixture.group("0")
        let group1 = try fixture.group("1")

        fixture.list.detach(at: 3)
        #expect(group0.range == TabGroupRange(start: 2, count: 2))
        #expect(group1.range == TabGroupRange(start: 5, count: 2))

        fixture.list.detach(at: 1)
        #expect(group0.range == TabGroupRange(start: 1, count: 2))
        #expect(group1.range == TabGroupRange(start: 4, count: 2))

        fixture.expect(
            "a | [0 c e] f [1 g h]",
            events: ["willDetach d@3", "detach d@3 [0]", "willDetach b@1", "detach b@1 [none]"])
    }

    @Test("DetachWebStateAt_DeleteEmptyGroup")
    func detachDeletesEmptiedGroup() throws {
        let fixture = try GroupFixture("| a* [0 b]")
        let group = try fixture.group("0")

        fixture.list.detach(at: 1)

        fixture.expect("| a*", events: ["willDetach b@1", "detach b@1 [0]", "groupDelete 0"])
        #expect(!fixture.list.containsGroup(group))
        #expect(fixture.list.groups.isEmpty)
        #expect(!group.range.isValid)
    }

    @Test("DetachWebStateAt_DontDeleteNonEmptyGroup")
    func detachKeepsNonEmptyGroup() throws {
        let fixture = try GroupFixture("| a* [0 b c]")

        fixture.list.detach(at: 1)

        fixture.expect("| a* [0 c]", events: ["willDetach b@1", "detach b@1 [0]"])
        #expect(fixture.list.containsGroup(try fixture.group("0")))
    }

    /// Closing the active tab of a group activates the nearest tab of the same group; when
    /// it was the group's last tab, the nearest tab outside.
    @Test(
        "DetachWebStateAt_Groups_ActiveTab",
        arguments: [
            (
                "| a [0 b c* d] e", 2, "| a [0 b d*] e",
                ["willDetach c@2 active c->d", "detach c@2 [0] closing active c->d"]
            ),
            (
                "| a [0 b c d*] e", 3, "| a [0 b c*] e",
                ["willDetach d@3 active d->c", "detach d@3 [0] closing active d->c"]
            ),
            (
                "| a [0 b*] c", 1, "| a c*",
                ["willDetach b@1 active b->c", "detach b@1 [0] closing active b->c", "groupDelete 0"]
            ),
        ])
    func closeActiveTabInGroup(_ initial: String, _ index: Int, _ expected: String, _ events: [String]) throws
    {
        let fixture = try GroupFixture(initial)

        fixture.list.close(at: index)

        fixture.expect(expected, events: events)
    }

    /// Closing several tabs at once: the same-group preference applies only when the
    /// first and last closed tabs share a group.
    @Test(
        "CloseWebStatesAtIndices_Groups",
        arguments: [
            (
                "| a [0 b c* d] e", [2, 3], "| a [0 b*] e",
                [
                    "willDetach d@3", "detach d@3 [0] closing", "willDetach c@2 active c->b",
                    "detach c@2 [0] closing active c->b",
                ]
            ),
            (
                "| [0 a b*] [1 c d]", [1, 2], "| [0 a] [1 d*]",
                [
                    "willDetach c@2", "detach c@2 [1] closing", "willDetach b@1 active b->d",
                    "detach b@1 [0] closing active b->d",
                ]
            ),
        ])
    func closeSeveralInGroups(
        _ initial: String, _ indices: [Int], _ expected: String, _ events: [String]
    )
        throws
    {
        let fixture = try GroupFixture(initial)

        fixture.list.closeWebStates(atIndices: indices)

        fixture.expect(expected, events: events)
    }

    /// When the active tab's group is emptied, the next active tab is the closest one not
    /// in a collapsed group.
    @Test("DetachWebStateAt_Groups_CollapsedNeighbour")
    func closeActiveTabNextToCollapsedGroup() throws {
        let fixture = try GroupFixture("| a [0 b*] [1 c d]")
        let group1 = try fixture.group("1")
        fixture.list.updateGroupVisualData(
            group1, TabGroupVisualData(title: "1", color: .blue, isCollapsed: true))
        fixture.recorder.reset()

        fixture.list.close(at: 1)

        fixture.expect(
            "| a* [1 c d]",
            events: ["willDetach b@1 active b->a", "detach b@1 [0] closing active b->a", "groupDelete 0"])
    }

    @Test("CloseAllWebStatesInGroup_NonGroupedWebStateAndActiveGroupedWebStatePresent")
    func closeAllInGroupWithActiveTab() throws {
        let fixture = try GroupFixture("| a [0 b* c] d")
        let group = try fixture.group("0")

        closeAllWebStatesInGroup(fixture.list, group, flags: .userAction)

        fixture.expect(
            "| a d*",
            events: [
                "batchBegin", "willDetach c@2", "detach c@2 [0] closing", "willDetach b@1 active b->d",
                "detach b@1 [0] closing active b->d", "groupDelete 0", "batchEnd",
            ])
        #expect(!fixture.list.containsGroup(group))
    }

    @Test(
        "CloseAllWebStatesInGroup",
        arguments: [
            ("a | b [0 c d]", "a | b"),
            ("| [0 a b c]", "|"),
            ("| a* [0 b c]", "| a*"),
            ("| [0 a b] c*", "| c*"),
            ("| [0 a b] [1 c* d]", "| [1 c* d]"),
        ])
    func closeAllInGroup(_ initial: String, _ expected: String) throws {
        let fixture = try GroupFixture(initial)
        let group = try fixture.group("0")
        let size = group.range.count

        closeAllWebStatesInGroup(fixture.list, group)

        #expect(fixture.description == expected)
        let events = fixture.events
        #expect(events.filter { $0.hasPrefix("detach") }.count == size)
        #expect(!events.contains { $0.contains("active") })
        #expect(events.suffix(2) == ["groupDelete 0", "batchEnd"])
        #expect(!fixture.list.containsGroup(group))
        fixture.expectConsistent()
    }

    // MARK: Move

    /// A tab keeps its group if the destination is in the group's range, else joins the
    /// group shared by its new neighbours, else leaves its group.
    @Test(
        "MoveWebStateAt_Groups",
        arguments: [
            // Within the group.
            ("| a [0 b c d] e", 1, 3, "| a [0 c d b] e", ["move b 1->3 [0->0]"]),
            ("| [0 a b]", 0, 1, "| [0 b a]", ["move a 0->1 [0->0]"]),
            ("| a [0 b c] d", 2, 1, "| a [0 c b] d", ["move c 2->1 [0->0]"]),
            // Out of the group, to the left and to the right.
            ("| a [0 b c] d", 1, 0, "| b a [0 c] d", ["move b 1->0 [0->none]"]),
            ("| a [0 b c] d", 2, 3, "| a [0 b] d c", ["move c 2->3 [0->none]"]),
            ("| [0 a] b", 0, 1, "| b a", ["move a 0->1 [0->none]", "groupDelete 0"]),
            // Into another group, between two of its tabs.
            ("| [0 a b] [1 c d]", 2, 1, "| [0 a c b] [1 d]", ["move c 2->1 [1->0]"]),
            ("| [0 a b] [1 c d]", 0, 2, "| [0 b] [1 c a d]", ["move a 0->2 [0->1]"]),
            ("| [0 a] [1 b c]", 0, 1, "| [1 b a c]", ["move a 0->1 [0->1]", "groupDelete 0"]),
            ("| a [0 b c] d", 0, 1, "| [0 b a c] d", ["move a 0->1 [none->0]"]),
            ("| a [0 b c] d", 3, 2, "| a [0 b d c]", ["move d 3->2 [none->0]"]),
            // To the edge of a group: not between two of its tabs, so no group.
            ("| a [0 b c] d", 0, 2, "| [0 b c] a d", ["move a 0->2 [none->none]"]),
            ("| a [0 b c] d", 3, 1, "| a d [0 b c]", ["move d 3->1 [none->none]"]),
            ("| [0 a b] c [1 d e]", 1, 2, "| [0 a] c b [1 d e]", ["move b 1->2 [0->none]"]),
            ("| [0 a b] c [1 d e]", 3, 2, "| [0 a b] d c [1 e]", ["move d 3->2 [1->none]"]),
            // Past groups: the groups in between slide.
            ("| [0 a] [1 b] c [2 d]", 2, 1, "| [0 a] c [1 b] [2 d]", ["move c 2->1 [none->none]"]),
            ("| [0 a] b [1 c] [2 d]", 1, 2, "| [0 a] [1 c] b [2 d]", ["move b 1->2 [none->none]"]),
            // Clamped to the regular section.
            ("a | [0 b c] d", 3, 0, "a | d [0 b c]", ["move d 3->1 [none->none]"]),
            // Nothing changes: no event.
            ("| [0 a]", 0, 0, "| [0 a]", []),
            ("| [0 a b] c", 1, 1, "| [0 a b] c", []),
        ])
    func move(_ initial: String, _ from: Int, _ to: Int, _ expected: String, _ events: [String]) throws {
        let fixture = try GroupFixture(initial)

        fixture.list.move(from: from, to: to)

        fixture.expect(expected, events: events)
    }

    @Test("MoveWebStateAt_Groups_Ranges")
    func moveUpdatesRanges() throws {
        let fixture = try GroupFixture("| [0 a] [1 b] c [2 d]")

        fixture.list.move(from: 2, to: 1)

        #expect(try fixture.group("0").range == TabGroupRange(start: 0, count: 1))
        #expect(try fixture.group("1").range == TabGroupRange(start: 2, count: 1))
        #expect(try fixture.group("2").range == TabGroupRange(start: 3, count: 1))
        fixture.expectConsistent()
    }

    @Test("MoveWebStateAt_Groups_ActiveFollows")
    func moveActiveTabOutOfGroup() throws {
        let fixture = try GroupFixture("| a [0 b* c] d")

        fixture.list.move(from: 1, to: 3)

        fixture.expect("| a [0 c] d b*", events: ["move b 1->3 [0->none]"])
        #expect(fixture.list.activeIndex == 3)
    }

    // MARK: Replace and activate

    @Test(
        "ReplaceWebStateAt_Grouped",
        arguments: [
            ("| [0 a*]", 0, "| [0 X*]", ["replace a->X@0 active a->X"]),
            ("| a* [0 b c]", 1, "| a* [0 X c]", ["replace b->X@1"]),
        ])
    func replaceKeepsGroup(_ initial: String, _ index: Int, _ expected: String, _ events: [String]) throws {
        let fixture = try GroupFixture(initial)
        let group = try fixture.group("0")
        let old = fixture.list.webState(at: index)

        let replaced = fixture.list.replace(at: index, with: fixture.tab("X"))

        #expect(replaced === old)
        fixture.expect(expected, events: events)
        #expect(fixture.list.group(at: index) === group)
    }

    @Test("ActivateWebStateAt_Grouped")
    func activateKeepsGroup() throws {
        let fixture = try GroupFixture("| a* [0 b]")

        fixture.list.activate(at: 1)

        fixture.expect("| a [0 b*]", events: ["status b@1 [0->0] active a->b"])
    }

    @Test("ActivateWebStateAt_NoGroup")
    func activateUngrouped() throws {
        let fixture = try GroupFixture("| a [0 b*]")

        fixture.list.activate(at: 0)

        fixture.expect("| a* [0 b]", events: ["status a@0 [none->none] active b->a"])
    }

    // MARK: Pinning

    @Test(
        "SetWebStatePinnedAt_PinningUngroups",
        arguments: [
            ("| [0 a b]", 0, "a | [0 b]", ["status a@0 [0->none] pinned"]),
            ("| [0 a b c]", 1, "b | [0 a c]", ["move b 1->0 [0->none] pinned"]),
            ("x | y [0 a b]", 3, "x b | y [0 a]", ["move b 3->1 [0->none] pinned"]),
            ("| [0 a] b", 0, "a | b", ["status a@0 [0->none] pinned", "groupDelete 0"]),
        ])
    func pinningUngroups(_ initial: String, _ index: Int, _ expected: String, _ events: [String]) throws {
        let fixture = try GroupFixture(initial)
        let tab = fixture.list.webState(at: index)

        let newIndex = fixture.list.setPinned(at: index, true)

        fixture.expect(expected, events: events)
        #expect(fixture.list.webState(at: newIndex) === tab)
        #expect(fixture.list.group(at: newIndex) == nil)
        #expect(fixture.list.isPinned(at: newIndex))
    }

    @Test("SetWebStatePinnedAt_PinningUngroups_Range")
    func pinningShrinksRange() throws {
        let fixture = try GroupFixture("| [0 a b]")

        fixture.list.setPinned(at: 0, true)

        #expect(try fixture.group("0").range == TabGroupRange(start: 1, count: 1))
        fixture.expectConsistent()
    }

    @Test(
        "SetWebStatePinnedAt_UnpinningDoesntGroup",
        arguments: [
            ("a | [0 b]", 0, "| [0 b] a", ["move a 0->1 [none->none] pinned"]),
            ("a b | c [0 d e]", 0, "b | c [0 d e] a", ["move a 0->4 [none->none] pinned"]),
            ("a | [0 b] [1 c d]", 0, "| [0 b] [1 c d] a", ["move a 0->3 [none->none] pinned"]),
        ])
    func unpinningDoesntGroup(_ initial: String, _ index: Int, _ expected: String, _ events: [String]) throws
    {
        let fixture = try GroupFixture(initial)

        let newIndex = fixture.list.setPinned(at: index, false)

        fixture.expect(expected, events: events)
        #expect(newIndex == fixture.list.count - 1)
        #expect(fixture.list.group(at: newIndex) == nil)
    }
}
