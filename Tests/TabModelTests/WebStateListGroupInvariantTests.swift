import ModelTestSupport
import Testing

@testable import TabModel

/// The invariant checker used by every group test must itself be able to fail, or those
/// checks would prove nothing. Breaking a range needs the list's internals.
@MainActor
struct WebStateListGroupInvariantTests {
    @Test(arguments: [
        TabGroupRange(start: 1, count: 1), TabGroupRange(start: 0, count: 3),
        TabGroupRange(start: 2, count: 2), TabGroupRange(start: 1, count: 3),
        TabGroupRange(start: 1, count: 0), TabGroupRange.invalid,
    ])
    func checkerSeesABrokenRange(_ range: TabGroupRange) throws {
        let fixture = try GroupFixture("a | [0 b c] d")
        let group = try fixture.group("0")
        let saved = group.range

        group.range = range
        #expect(!GroupInvariants.violations(in: fixture.list).isEmpty)

        group.range = saved
        #expect(GroupInvariants.violations(in: fixture.list).isEmpty)
    }

    @Test func checkerSeesAPinnedTabInAGroup() throws {
        let fixture = try GroupFixture("a | [0 b c] d")
        let group = try fixture.group("0")

        fixture.list.items[0].group = group
        #expect(!GroupInvariants.violations(in: fixture.list).isEmpty)
    }

    @Test func checkerSeesAnEmptyGroup() throws {
        let fixture = try GroupFixture("| [0 a] b")
        let group = try fixture.group("0")

        fixture.list.items[0].group = nil
        group.range = TabGroupRange(start: 0, count: 0)
        #expect(!GroupInvariants.violations(in: fixture.list).isEmpty)
        #expect(GroupInvariants.violations(in: fixture.list, allowingEmptyGroups: true).isEmpty)
    }
}
