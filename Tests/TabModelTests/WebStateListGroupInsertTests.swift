import ModelTestSupport
import TabModel
import Testing
import Web

/// Insertion into a list with groups (InsertionParams rules 2-5 and 7).
@MainActor
struct WebStateListGroupInsertTests {
    @Test("InsertWebState_Groups_Automatic")
    func automatic() throws {
        let fixture = try GroupFixture("a | b [0 c]")

        #expect(fixture.list.insert(fixture.tab("x"), .automatic) == 3)
        #expect(fixture.list.insert(fixture.tab("y"), .automatic) == 4)
        #expect(fixture.list.insert(fixture.tab("z"), .automatic) == 5)

        fixture.expect(
            "a | b [0 c] x y z", events: ["insert x@3 [none]", "insert y@4 [none]", "insert z@5 [none]"])
    }

    /// A forced index is clamped into the regular section (an index in the pinned section
    /// becomes the end); between two tabs of a group the new tab joins the group, at a
    /// group's edge it does not.
    @Test(
        "InsertWebState_Groups_AtIndex",
        arguments: [
            (0, "a | b [0 c d] e f [1 g] X", "insert X@7 [none]"),
            (1, "a | X b [0 c d] e f [1 g]", "insert X@1 [none]"),
            (2, "a | b X [0 c d] e f [1 g]", "insert X@2 [none]"),
            (3, "a | b [0 c X d] e f [1 g]", "insert X@3 [0]"),
            (4, "a | b [0 c d] X e f [1 g]", "insert X@4 [none]"),
            (5, "a | b [0 c d] e X f [1 g]", "insert X@5 [none]"),
            (6, "a | b [0 c d] e f X [1 g]", "insert X@6 [none]"),
            (7, "a | b [0 c d] e f [1 g] X", "insert X@7 [none]"),
            (42, "a | b [0 c d] e f [1 g] X", "insert X@7 [none]"),
        ])
    func atIndex(_ index: Int, _ expected: String, _ event: String) throws {
        let fixture = try GroupFixture("a | b [0 c d] e f [1 g]")

        let inserted = fixture.list.insert(fixture.tab("X"), .atIndex(index))

        fixture.expect(expected, events: [event])
        #expect(fixture.list.index(of: fixture.tab("X")) == inserted)
    }

    /// Without an explicit group, the opener's group is used and the tab goes after the
    /// opener, clamped to that group's range (or to the regular section when the opener is
    /// ungrouped or pinned).
    @Test(
        "InsertWebState_Groups_AutomaticWithOpener",
        arguments: [
            ("a", "a b | c [0 d e] f g [1 h] X", "insert X@8 [none]"),
            ("b", "a b | X c [0 d e] f g [1 h]", "insert X@2 [none]"),
            ("c", "a b | c X [0 d e] f g [1 h]", "insert X@3 [none]"),
            ("d", "a b | c [0 d X e] f g [1 h]", "insert X@4 [0]"),
            ("e", "a b | c [0 d e X] f g [1 h]", "insert X@5 [0]"),
            ("f", "a b | c [0 d e] f X g [1 h]", "insert X@6 [none]"),
            ("g", "a b | c [0 d e] f g X [1 h]", "insert X@7 [none]"),
            ("h", "a b | c [0 d e] f g [1 h X]", "insert X@8 [1]"),
        ])
    func automaticWithOpener(_ opener: String, _ expected: String, _ event: String) throws {
        let fixture = try GroupFixture("a b | c [0 d e] f g [1 h]")

        fixture.list.insert(fixture.tab("X"), .automatic.withOpener(WebStateOpener(fixture.tab(opener))))

        fixture.expect(expected, events: [event])
        let index = try #require(fixture.list.index(of: fixture.tab("X")))
        #expect(fixture.list.opener(at: index)?.webState === fixture.tab(opener))
    }

    /// Same as above with the active tab as the inherited opener.
    @Test(
        "InsertWebState_Groups_AutomaticInheritOpener",
        arguments: [
            ("a* b | c [0 d e] f g [1 h]", "a* b | c [0 d e] f g [1 h] X", "insert X@8 [none]"),
            ("a b* | c [0 d e] f g [1 h]", "a b* | X c [0 d e] f g [1 h]", "insert X@2 [none]"),
            ("a b | c* [0 d e] f g [1 h]", "a b | c* X [0 d e] f g [1 h]", "insert X@3 [none]"),
            ("a b | c [0 d* e] f g [1 h]", "a b | c [0 d* X e] f g [1 h]", "insert X@4 [0]"),
            ("a b | c [0 d e*] f g [1 h]", "a b | c [0 d e* X] f g [1 h]", "insert X@5 [0]"),
            ("a b | c [0 d e] f* g [1 h]", "a b | c [0 d e] f* X g [1 h]", "insert X@6 [none]"),
            ("a b | c [0 d e] f g* [1 h]", "a b | c [0 d e] f g* X [1 h]", "insert X@7 [none]"),
            ("a b | c [0 d e] f g [1 h*]", "a b | c [0 d e] f g [1 h* X]", "insert X@8 [1]"),
        ])
    func automaticInheritOpener(_ initial: String, _ expected: String, _ event: String) throws {
        let fixture = try GroupFixture(initial)
        let active = try #require(fixture.list.activeWebState)

        fixture.list.insert(fixture.tab("X"), .automatic.inheritingOpener())

        fixture.expect(expected, events: [event])
        let index = try #require(fixture.list.index(of: fixture.tab("X")))
        #expect(fixture.list.opener(at: index)?.webState === active)
    }

    /// The opener's group also applies to a forced index (clamped to the group's end when
    /// outside it) and wins over a pinned request (rule 3: pinned only if no group could
    /// be deduced). An explicit group wins over the opener's.
    @Test(
        "InsertWebState_Groups_GroupedOpenerWithOtherParams",
        arguments: [
            (GroupOpenerVariant.forcedIndexOutsideGroup, "a | b [0 c d X] e [1 f]", "insert X@4 [0]"),
            (.forcedIndexInsideGroup, "a | b [0 c X d] e [1 f]", "insert X@3 [0]"),
            (.pinned, "a | b [0 c X d] e [1 f]", "insert X@3 [0]"),
            (.explicitGroup, "a | b [0 c d] e [1 f X]", "insert X@6 [1]"),
        ])
    func groupedOpenerWithOtherParams(
        _ variant: GroupOpenerVariant, _ expected: String, _ event: String
    ) throws {
        let fixture = try GroupFixture("a | b [0 c d] e [1 f]")
        let opener = WebStateOpener(fixture.tab("c"))
        let params: WebStateListInsertionParams
        switch variant {
        case .forcedIndexOutsideGroup: params = .atIndex(0).withOpener(opener)
        case .forcedIndexInsideGroup: params = .atIndex(3).withOpener(opener)
        case .pinned: params = .automatic.withOpener(opener).pinning()
        case .explicitGroup: params = .automatic.withOpener(opener).inGroup(try fixture.group("1"))
        }

        fixture.list.insert(fixture.tab("X"), params)

        fixture.expect(expected, events: [event])
        #expect(fixture.list.pinnedCount == 1)
    }

    @Test(
        "InsertWebState_Groups_AutomaticInGroup",
        arguments: [
            ("0", "a b | c [0 d e X] f g [1 h] [2 i j k]", "insert X@5 [0]"),
            ("1", "a b | c [0 d e] f g [1 h X] [2 i j k]", "insert X@8 [1]"),
            ("2", "a b | c [0 d e] f g [1 h] [2 i j k X]", "insert X@11 [2]"),
        ])
    func automaticInGroup(_ group: String, _ expected: String, _ event: String) throws {
        let fixture = try GroupFixture("a b | c [0 d e] f g [1 h] [2 i j k]")
        let target = try fixture.group(group)

        fixture.list.insert(fixture.tab("X"), .automatic.inGroup(target))

        fixture.expect(expected, events: [event])
        let index = try #require(fixture.list.index(of: fixture.tab("X")))
        #expect(fixture.list.group(at: index) === target)
    }

    @Test("InsertWebState_Grouped_Grouped")
    func automaticInSingleGroup() throws {
        let fixture = try GroupFixture("| [0 a]")

        fixture.list.insert(fixture.tab("b"), .automatic.inGroup(try fixture.group("0")))

        fixture.expect("| [0 a b]", events: ["insert b@1 [0]"])
        #expect(try fixture.group("0").range == TabGroupRange(start: 0, count: 2))
    }

    /// Insertion at every index into a group of one tab: an index outside the group's
    /// range [3, 4] becomes the group's end.
    @Test(
        "InsertWebState_Groups_AtIndexInGroup1",
        arguments: [
            (0, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (1, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (2, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (3, "a b | c [1 X d] e f [2 g h] [3 i j k]"),
            (4, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (5, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (6, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (7, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (8, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (9, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (10, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
            (11, "a b | c [1 d X] e f [2 g h] [3 i j k]"),
        ])
    func atIndexInGroupOfOne(_ index: Int, _ expected: String) throws {
        try checkInsertion(at: index, inGroup: "1", expected)
    }

    /// Same with a group of two tabs, range [6, 8].
    @Test(
        "InsertWebState_Groups_AtIndexInGroup2",
        arguments: [
            (0, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (1, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (2, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (3, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (4, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (5, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (6, "a b | c [1 d] e f [2 X g h] [3 i j k]"),
            (7, "a b | c [1 d] e f [2 g X h] [3 i j k]"),
            (8, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (9, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (10, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
            (11, "a b | c [1 d] e f [2 g h X] [3 i j k]"),
        ])
    func atIndexInGroupOfTwo(_ index: Int, _ expected: String) throws {
        try checkInsertion(at: index, inGroup: "2", expected)
    }

    /// Same with a group of three tabs, range [8, 11].
    @Test(
        "InsertWebState_Groups_AtIndexInGroup3",
        arguments: [
            (0, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (1, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (2, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (3, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (4, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (5, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (6, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (7, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
            (8, "a b | c [1 d] e f [2 g h] [3 X i j k]"),
            (9, "a b | c [1 d] e f [2 g h] [3 i X j k]"),
            (10, "a b | c [1 d] e f [2 g h] [3 i j X k]"),
            (11, "a b | c [1 d] e f [2 g h] [3 i j k X]"),
        ])
    func atIndexInGroupOfThree(_ index: Int, _ expected: String) throws {
        try checkInsertion(at: index, inGroup: "3", expected)
    }

    private func checkInsertion(
        at index: Int, inGroup groupName: String, _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fixture = try GroupFixture("a b | c [1 d] e f [2 g h] [3 i j k]")
        let group = try fixture.group(groupName)

        let inserted = fixture.list.insert(fixture.tab("X"), .atIndex(index).inGroup(group))

        fixture.expect(
            expected, events: ["insert X@\(inserted) [\(groupName)]"], sourceLocation: sourceLocation)
        #expect(fixture.list.group(at: inserted) === group, sourceLocation: sourceLocation)
        #expect(fixture.list.webState(at: inserted) === fixture.tab("X"), sourceLocation: sourceLocation)
    }

    /// Inserting the active position shifts the active index without changing the
    /// active tab, also inside a group.
    @Test func insertBeforeActiveInGroupKeepsActiveTab() throws {
        let fixture = try GroupFixture("| a [0 b c*] d")

        fixture.list.insert(fixture.tab("X"), .atIndex(2))

        fixture.expect("| a [0 b X c*] d", events: ["insert X@2 [0]"])
        #expect(fixture.list.activeIndex == 3)
    }

    @Test func insertActivatingInGroup() throws {
        let fixture = try GroupFixture("| a* [0 b]")

        fixture.list.insert(fixture.tab("X"), .automatic.inGroup(try fixture.group("0")).activating())

        fixture.expect("| a [0 b X*]", events: ["insert X@2 [0] active a->X"])
    }
}

/// The parameters combined with a grouped opener.
enum GroupOpenerVariant: Sendable {
    case forcedIndexOutsideGroup
    case forcedIndexInsideGroup
    case pinned
    case explicitGroup
}
