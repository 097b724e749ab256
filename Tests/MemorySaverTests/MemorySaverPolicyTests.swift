import MemorySaver
import Testing

/// The memory saver's rules, as a table: a tab's facts, the reason, and what the policy says.
struct MemorySaverPolicyTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let description: String
        let facts: MemorySaverPolicy.TabFacts
        let reason: MemorySaverPolicy.Reason
        let expected: MemorySaverPolicy.Protection?
        var testDescription: String { description }
    }

    /// Hidden at minute 0, asked at minute 31, with a 30-minute delay unless said otherwise.
    nonisolated static let table: [Row] = [
        Row(
            description: "hidden 31 min, idle | discarded", facts: .init(), reason: .inactivity, expected: nil
        ),
        Row(
            description: "hidden 29 min | kept: recently used", facts: .init(hiddenSince: .seconds(120)),
            reason: .inactivity, expected: .recentlyUsed),
        Row(
            description: "hidden 29 min, memory pressure | discarded",
            facts: .init(hiddenSince: .seconds(120)),
            reason: .memoryPressure, expected: nil),
        Row(
            description: "unrealized | kept", facts: .init(isRealized: false), reason: .memoryPressure,
            expected: .unrealized),
        Row(
            description: "visible | kept", facts: .init(isVisible: true, hiddenSince: nil),
            reason: .memoryPressure,
            expected: .visible),
        Row(
            description: "never hidden | kept as visible", facts: .init(hiddenSince: nil),
            reason: .memoryPressure,
            expected: .visible),
        Row(
            description: "loading | kept", facts: .init(isLoading: true), reason: .memoryPressure,
            expected: .loading),
        Row(
            description: "playing audio | kept", facts: .init(isPlayingAudio: true), reason: .memoryPressure,
            expected: .playingAudio),
        Row(
            description: "typed into a form | kept", facts: .init(hadFormInteraction: true),
            reason: .inactivity, expected: .formInteraction),
        Row(
            description: "loading and playing | the first protection",
            facts: .init(isLoading: true, isPlayingAudio: true),
            reason: .inactivity, expected: .loading),
    ]

    @Test(arguments: table) func policy(_ row: Row) {
        let policy = MemorySaverPolicy(discardAfter: .seconds(30 * 60))
        #expect(policy.protection(of: row.facts, reason: row.reason, now: .seconds(31 * 60)) == row.expected)
    }

    @Test func inactivityDiscardsAreOffWithoutADelayButPressureStillDiscards() {
        let policy = MemorySaverPolicy(discardAfter: nil)
        let tab = MemorySaverPolicy.TabFacts()
        #expect(policy.protection(of: tab, reason: .inactivity, now: .seconds(1_000_000)) == .recentlyUsed)
        #expect(policy.protection(of: tab, reason: .memoryPressure, now: .zero) == nil)
        #expect(policy.dueTime(hiddenSince: .zero) == nil)
    }

    @Test func aTabIsDueExactlyAtTheDelay() {
        let policy = MemorySaverPolicy(discardAfter: .seconds(60))
        let tab = MemorySaverPolicy.TabFacts(hiddenSince: .seconds(10))
        #expect(policy.dueTime(hiddenSince: .seconds(10)) == .seconds(70))
        #expect(policy.protection(of: tab, reason: .inactivity, now: .seconds(69)) == .recentlyUsed)
        #expect(policy.protection(of: tab, reason: .inactivity, now: .seconds(70)) == nil)
    }
}
