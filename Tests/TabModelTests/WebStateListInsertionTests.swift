import ModelTestSupport
import TabModel
import Testing
import Web

/// Where insertion puts a tab when the list has groups: contiguity, the opener's group,
/// and an explicit group (Chromium's InsertWebState_Groups_*).
@MainActor
struct WebStateListInsertionTests {
    /// The insert event expected for the tab `x` where `description` shows it.
    private func insertEvent(_ description: String) -> String {
        var index = 0
        var currentGroup: String?
        var expectName = false
        let spaced = description.replacingOccurrences(of: "[", with: " [ ").replacingOccurrences(
            of: "]", with: " ] ")
        for token in spaced.split(separator: " ") {
            switch token {
            case "|": continue
            case "[": expectName = true
            case "]": currentGroup = nil
            default:
                if expectName {
                    currentGroup = String(token)
                    expectName = false
                    continue
                }
                if token == "x" { return "insert(x,\(index)\(currentGroup.map { ",in:\($0)" } ?? ""))" }
                index += 1
            }
        }
        return "no x in \(description)"
    }

    @Test(
        "InsertWebState_Groups_AtIndex: a tab inserted inside a group joins it",
        arguments: [
            (0, "a | b [0 c d] e f [1 g] x"),
            (1, "a | x b [0 c d] e f [1 g]"),
            (2, "a | b x [0 c d] e f [1 g]"),
            (3, "a | b [0 c x d] e f [1 g]"),
            (4, "a | b [0 c d] x e f [1 g]"),
            (5, "a | b [0 c d] e x f [1 g]"),
            (6, "a | b [0 c d] e f x [1 g]"),
            (7, "a | b [0 c d] e f [1 g] x"),
        ])
    func insertAtIndexWithGroups(index: Int, expected: String) throws {
        let f = try WebStateListFixture("a | b [0 c d] e f [1 g]")
        f.list.insert(f.webState("x"), .atIndex(index))
        #expect(f.description == expected)
        #expect(f.observer.events == [insertEvent(expected)])
    }

    @Test(
        "InsertWebState_Groups_AutomaticWithOpener: after the opener, in its group",
        arguments: [
            ("a", "a b | c [0 d e] f g [1 h] x"),
            ("b", "a b | x c [0 d e] f g [1 h]"),
            ("c", "a b | c x [0 d e] f g [1 h]"),
            ("d", "a b | c [0 d x e] f g [1 h]"),
            ("e", "a b | c [0 d e x] f g [1 h]"),
            ("f", "a b | c [0 d e] f x g [1 h]"),
            ("g", "a b | c [0 d e] f g x [1 h]"),
            ("h", "a b | c [0 d e] f g [1 h x]"),
        ])
    func insertWithOpenerAndGroups(opener: String, expected: String) throws {
        let f = try WebStateListFixture("a b | c [0 d e] f g [1 h]")
        f.list.insert(
            f.webState("x"),
            WebStateListInsertionParams.automatic.withOpener(WebStateOpener(f.webState(opener))))
        #expect(f.description == expected)
        #expect(f.observer.events == [insertEvent(expected)])
    }

    @Test(
        "InsertWebState_Groups_AutomaticInheritOpener: after the active tab, in its group",
        arguments: [
            ("a", "a* b | c [0 d e] f g [1 h] x"),
            ("d", "a b | c [0 d* x e] f g [1 h]"),
            ("h", "a b | c [0 d e] f g [1 h* x]"),
        ])
    func insertInheritingOpenerWithGroups(active: String, expected: String) throws {
        let f = try WebStateListFixture("a b | c [0 d e] f g [1 h]")
        let activeIndex = try #require(f.index(of: active))
        f.list.activate(at: activeIndex)
        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.inheritingOpener())
        #expect(f.description == expected)
    }

    @Test(
        "InsertWebState_Groups_AutomaticInGroup: at the end of the group",
        arguments: [
            ("0", "a b | c [0 d e x] f g [1 h] [2 i j k]"),
            ("1", "a b | c [0 d e] f g [1 h x] [2 i j k]"),
            ("2", "a b | c [0 d e] f g [1 h] [2 i j k x]"),
        ])
    func insertAutomaticInGroup(group: String, expected: String) throws {
        let f = try WebStateListFixture("a b | c [0 d e] f g [1 h] [2 i j k]")
        let tabGroup = try #require(f.builder.group(named: group))
        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.inGroup(tabGroup))
        #expect(f.description == expected)
        #expect(f.observer.events == [insertEvent(expected)])
    }

    @Test(
        "InsertWebState_Groups_AtIndexInGroup: the index if in the group, else its end",
        arguments: [
            // Group 1 spans [3, 4).
            ("1", 0, "a b | c [1 d x] e f [2 g h] [3 i j k]"),
            ("1", 3, "a b | c [1 x d] e f [2 g h] [3 i j k]"),
            ("1", 4, "a b | c [1 d x] e f [2 g h] [3 i j k]"),
            ("1", 9, "a b | c [1 d x] e f [2 g h] [3 i j k]"),
            // Group 2 spans [6, 8); its end is where group 3 starts.
            ("2", 5, "a b | c [1 d] e f [2 g h x] [3 i j k]"),
            ("2", 6, "a b | c [1 d] e f [2 x g h] [3 i j k]"),
            ("2", 7, "a b | c [1 d] e f [2 g x h] [3 i j k]"),
            ("2", 8, "a b | c [1 d] e f [2 g h x] [3 i j k]"),
            // Group 3 spans [8, 11).
            ("3", 1, "a b | c [1 d] e f [2 g h] [3 i j k x]"),
            ("3", 9, "a b | c [1 d] e f [2 g h] [3 i x j k]"),
            ("3", 11, "a b | c [1 d] e f [2 g h] [3 i j k x]"),
        ])
    func insertAtIndexInGroup(group: String, index: Int, expected: String) throws {
        let f = try WebStateListFixture("a b | c [1 d] e f [2 g h] [3 i j k]")
        let tabGroup = try #require(f.builder.group(named: group))
        f.list.insert(f.webState("x"), WebStateListInsertionParams.atIndex(index).inGroup(tabGroup))
        #expect(f.description == expected)
        #expect(f.observer.events == [insertEvent(expected)])
    }

    @Test func theOrderControllersInsertionRangeIsTheGroupsWhenThereIsOne() throws {
        let f = try WebStateListFixture("a | b [0 c d] e")
        let group = try #require(f.builder.group(named: "0"))
        let controller = OrderController(list: f.list)
        // Automatic: the group's end.
        #expect(
            controller.insertionIndex(desiredIndex: nil, openerIndex: nil, pinned: false, group: group) == 4)
        // In the group (its end included), else its end.
        #expect(
            controller.insertionIndex(desiredIndex: 2, openerIndex: nil, pinned: false, group: group) == 2)
        #expect(
            controller.insertionIndex(desiredIndex: 4, openerIndex: nil, pinned: false, group: group) == 4)
        #expect(
            controller.insertionIndex(desiredIndex: 1, openerIndex: nil, pinned: false, group: group) == 4)
        #expect(
            controller.insertionIndex(desiredIndex: 5, openerIndex: nil, pinned: false, group: group) == 4)
        // After the opener, within the group.
        #expect(
            controller.insertionIndex(desiredIndex: nil, openerIndex: 2, pinned: false, group: group) == 3)
    }
}
