import ModelTestSupport
import TabModel
import Testing
import Web

/// moveGroup: the destination is clamped to the regular section, a destination inside
/// another group snaps to that group's start, a zero stride does nothing (no event);
/// otherwise one groupMove event with the old and new ranges and no per-tab events, the
/// active tab staying the same wherever it moves.
@MainActor
struct WebStateListGroupMoveGroupTests {
    @Test("MoveGroup_NoMove_SamePosition")
    func sameStartIsNoMove() throws {
        let fixture = try GroupFixture("a | [0 b* c] [1 d e]")

        fixture.list.moveGroup(try fixture.group("0"), before: 1)

        fixture.expect("a | [0 b* c] [1 d e]", events: [])
        #expect(try fixture.group("0").range == TabGroupRange(start: 1, count: 2))
        #expect(try fixture.group("1").range == TabGroupRange(start: 3, count: 2))
    }

    /// Clamped onto its own start, before one of its own tabs, right after it, or inside
    /// the next group (snapping to that group's start, right after this one): the stride is
    /// zero.
    @Test("MoveGroup_NoMove_SameGroup", arguments: [0, 2, 3, 4])
    func insideOwnRangeIsNoMove(_ before: Int) throws {
        let fixture = try GroupFixture("a | [0 b* c] [1 d e]")

        fixture.list.moveGroup(try fixture.group("0"), before: before)

        fixture.expect("a | [0 b* c] [1 d e]", events: [])
        #expect(try fixture.group("0").range == TabGroupRange(start: 1, count: 2))
        #expect(try fixture.group("1").range == TabGroupRange(start: 3, count: 2))
    }

    @Test(
        "MoveGroup_MovingActiveWebState",
        arguments: [
            (0, "a b | [2 h* i] c [1 d e] f g j [3 k l m]", "[2, 4)"),
            (1, "a b | [2 h* i] c [1 d e] f g j [3 k l m]", "[2, 4)"),
            (2, "a b | [2 h* i] c [1 d e] f g j [3 k l m]", "[2, 4)"),
            (3, "a b | c [2 h* i] [1 d e] f g j [3 k l m]", "[3, 5)"),
            (4, "a b | c [2 h* i] [1 d e] f g j [3 k l m]", "[3, 5)"),
            (5, "a b | c [1 d e] [2 h* i] f g j [3 k l m]", "[5, 7)"),
            (6, "a b | c [1 d e] f [2 h* i] g j [3 k l m]", "[6, 8)"),
            (7, "a b | c [1 d e] f g [2 h* i] j [3 k l m]", nil),
            (8, "a b | c [1 d e] f g [2 h* i] j [3 k l m]", nil),
            (9, "a b | c [1 d e] f g [2 h* i] j [3 k l m]", nil),
            (10, "a b | c [1 d e] f g j [2 h* i] [3 k l m]", "[8, 10)"),
            (11, "a b | c [1 d e] f g j [2 h* i] [3 k l m]", "[8, 10)"),
            (12, "a b | c [1 d e] f g j [2 h* i] [3 k l m]", "[8, 10)"),
            (13, "a b | c [1 d e] f g j [3 k l m] [2 h* i]", "[11, 13)"),
            (99, "a b | c [1 d e] f g j [3 k l m] [2 h* i]", "[11, 13)"),
        ])
    func movingActiveTab(_ before: Int, _ expected: String, _ toRange: String?) throws {
        try checkGroupMove(
            "a b | c [1 d e] f g [2 h* i] j [3 k l m]", before: before, expected, toRange: toRange,
            activeName: "h")
    }

    @Test(
        "MoveGroup_NotMovingActiveWebState",
        arguments: [
            (0, "a b | [2 h i] c [1 d e] f* g j [3 k l m]", "[2, 4)"),
            (1, "a b | [2 h i] c [1 d e] f* g j [3 k l m]", "[2, 4)"),
            (2, "a b | [2 h i] c [1 d e] f* g j [3 k l m]", "[2, 4)"),
            (3, "a b | c [2 h i] [1 d e] f* g j [3 k l m]", "[3, 5)"),
            (4, "a b | c [2 h i] [1 d e] f* g j [3 k l m]", "[3, 5)"),
            (5, "a b | c [1 d e] [2 h i] f* g j [3 k l m]", "[5, 7)"),
            (6, "a b | c [1 d e] f* [2 h i] g j [3 k l m]", "[6, 8)"),
            (7, "a b | c [1 d e] f* g [2 h i] j [3 k l m]", nil),
            (8, "a b | c [1 d e] f* g [2 h i] j [3 k l m]", nil),
            (9, "a b | c [1 d e] f* g [2 h i] j [3 k l m]", nil),
            (10, "a b | c [1 d e] f* g j [2 h i] [3 k l m]", "[8, 10)"),
            (11, "a b | c [1 d e] f* g j [2 h i] [3 k l m]", "[8, 10)"),
            (12, "a b | c [1 d e] f* g j [2 h i] [3 k l m]", "[8, 10)"),
            (13, "a b | c [1 d e] f* g j [3 k l m] [2 h i]", "[11, 13)"),
            (99, "a b | c [1 d e] f* g j [3 k l m] [2 h i]", "[11, 13)"),
        ])
    func notMovingActiveTab(_ before: Int, _ expected: String, _ toRange: String?) throws {
        try checkGroupMove(
            "a b | c [1 d e] f* g [2 h i] j [3 k l m]", before: before, expected, toRange: toRange,
            activeName: "f")
    }

    private func checkGroupMove(
        _ initial: String, before: Int, _ expected: String, toRange: String?, activeName: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fixture = try GroupFixture(initial, sourceLocation: sourceLocation)
        let group = try fixture.group("2", sourceLocation: sourceLocation)
        let otherRanges = try ["1", "3"].map { try fixture.group($0, sourceLocation: sourceLocation).range }

        fixture.list.moveGroup(group, before: before)

        let events = toRange.map { ["groupMove 2 [7, 9)->\($0)"] } ?? []
        fixture.expect(expected, events: events, sourceLocation: sourceLocation)
        #expect(group.range.description == toRange ?? "[7, 9)", sourceLocation: sourceLocation)
        #expect(fixture.list.activeWebState === fixture.tab(activeName), sourceLocation: sourceLocation)
        #expect(
            fixture.list.activeIndex == fixture.list.index(of: fixture.tab(activeName)),
            sourceLocation: sourceLocation)
        if toRange == nil {
            let ranges = try ["1", "3"].map { try fixture.group($0, sourceLocation: sourceLocation).range }
            #expect(ranges == otherRanges, sourceLocation: sourceLocation)
        }
    }

    /// With several pinned tabs and a group at the start of the regular section, a
    /// destination in the pinned section lands before that group.
    @Test("MoveGroup_ClampedToRegularSection")
    func clampedToRegularSection() throws {
        let fixture = try GroupFixture("a b c | [0 d e] f [1 g*]")

        fixture.list.moveGroup(try fixture.group("1"), before: 1)

        fixture.expect("a b c | [1 g*] [0 d e] f", events: ["groupMove 1 [6, 7)->[3, 4)"])
        #expect(try fixture.group("0").range == TabGroupRange(start: 4, count: 2))
        #expect(fixture.list.activeIndex == 3)
    }
}
