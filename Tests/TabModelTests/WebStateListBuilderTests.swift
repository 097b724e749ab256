import ModelTestSupport
import TabModel
import Testing
import Web

@MainActor
struct WebStateListBuilderTests {
    @Test(arguments: [
        "|", "| a", "| a*", "a |", "a b | c", "a b* | [0 c d] e", "| [0 a b] [1 c*] d", "a | [12 b]",
        "| a [0 b c*] d [1 e] f",
    ])
    func roundTrip(_ description: String) throws {
        let builder = WebStateListBuilder()
        let list = WebStateList(delegate: nil)
        try builder.build(list, description)
        #expect(builder.describe(list) == description)
    }

    @Test func pinnedAndGroupsAreReal() throws {
        let builder = WebStateListBuilder()
        let list = WebStateList(delegate: nil)
        try builder.build(list, "a b | [0 c d*] e")
        #expect(list.count == 5)
        #expect(list.pinnedCount == 2)
        #expect(list.activeIndex == 3)
        let group = try #require(builder.group(named: "0"))
        #expect(group.range == TabGroupRange(start: 2, count: 2))
        #expect(list.group(at: 4) == nil)
    }

    /// Every description Chromium's builder rejects, and the reason given.
    @Test(arguments: [
        ("a b", "no '|'"),
        ("", "no '|'"),
        ("a | b | c", "more than one '|'"),
        ("| |", "more than one '|'"),
        ("a* | b*", "more than one active tab"),
        ("| a* b**", "more than one active tab"),
        ("| [x a]", "group name 'x' is not a number"),
        ("| [0x a]", "group name '0x' is not a number"),
        ("| [? a]", "group name '?' is not a number"),
        ("| _", "tab named '_'"),
        ("_ | a", "tab named '_'"),
        ("| [0 _*]", "tab named '_'"),
        ("| [0 a] [0 b]", "group 0 used twice"),
        ("| [1 a] b [1 c]", "group 1 used twice"),
        ("| a b a", "tab a used twice"),
        ("a | a", "tab a used twice"),
        ("| *", "bad tab '*'"),
        ("| a*b", "bad tab 'a*b'"),
        ("[0 a] |", "a group among the pinned tabs"),
        ("[0 a | b]", "a group among the pinned tabs"),
        ("| [0 a", "unclosed group"),
        ("| [0", "unclosed group"),
        ("| a ]", "stray ]"),
        ("| [0 ]", "empty group 0"),
        ("| [0 a [1 b]]", "nested group"),
    ])
    func badDescriptionsThrow(_ description: String, _ reason: String) {
        let list = WebStateList(delegate: nil)
        #expect {
            try WebStateListBuilder().build(list, description)
        } throws: { error in
            guard let error = error as? WebStateListBuilder.DescriptionError else { return false }
            return error.description.hasPrefix(reason) && error.description.hasSuffix(" in '\(description)'")
        }
        #expect(list.isEmpty, "a rejected description leaves the list as it was")
    }
}
