import ModelTestSupport
import TabModel
import Testing
import Web

@MainActor
struct WebStateListBuilderTests {
    @Test(arguments: [
        "|", "| a", "| a*", "a |", "a b | c", "a b* | [0 c d] e", "| [0 a b] [1 c*] d", "a | [x b]",
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

    @Test(arguments: ["| [0 a", "| a ]", "| [0 ]"])
    func badDescriptionsThrow(_ description: String) {
        let list = WebStateList(delegate: nil)
        #expect(throws: WebStateListBuilder.DescriptionError.self) {
            try WebStateListBuilder().build(list, description)
        }
    }
}
