import ModelTestSupport
import TabModel
import Testing
import Web

/// Records what a ``WebStateList`` tells its observers, keeping the objects so that the
/// events can be described after the operation (groups created by the operation get
/// their names afterwards). It also checks, at every change, that the list it observes
/// is consistent, since observers read the list while they are notified.
@MainActor
final class GroupEventRecorder: WebStateListObserver {
    private enum Entry {
        case willDetach(WebStateListChange.Detach, WebStateListStatus)
        case didChange(WebStateListChange, WebStateListStatus, createdRange: TabGroupRange?)
        case batchBegin
        case batchEnd
    }

    private var entries: [Entry] = []
    /// Inconsistencies of the list seen during notifications.
    private(set) var inconsistencies: [String] = []

    func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus
    ) {
        entries.append(.willDetach(detach, status))
        record(GroupInvariants.violations(in: list, allowingEmptyGroups: true), during: "willDetach")
    }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        var createdRange: TabGroupRange?
        if case .groupCreate(let group) = change { createdRange = group.range }
        entries.append(.didChange(change, status, createdRange: createdRange))
        record(GroupInvariants.violations(in: list, allowingEmptyGroups: true), during: "didChange")
    }

    func webStateListWillBeginBatchOperation(_ list: WebStateList) { entries.append(.batchBegin) }

    func webStateListBatchOperationEnded(_ list: WebStateList) { entries.append(.batchEnd) }

    private func record(_ violations: [String], during event: String) {
        inconsistencies += violations.map { "\(event) #\(entries.count): \($0)" }
    }

    /// Forgets what was recorded.
    func reset() {
        entries.removeAll()
        inconsistencies.removeAll()
    }

    /// The recorded events, one string each, e.g. `"move b 1->3 [0->none]"`.
    func events(tabName: (WebState?) -> String, groupName: (TabGroup?) -> String) -> [String] {
        entries.map { entry in
            switch entry {
            case .batchBegin:
                return "batchBegin"
            case .batchEnd:
                return "batchEnd"
            case .willDetach(let detach, let status):
                return "willDetach \(tabName(detach.detachedWebState))@\(detach.detachedFromIndex)"
                    + activeSuffix(status, tabName)
            case .didChange(let change, let status, let createdRange):
                return describe(change, createdRange, tabName, groupName) + activeSuffix(status, tabName)
            }
        }
    }

    private func activeSuffix(_ status: WebStateListStatus, _ tabName: (WebState?) -> String) -> String {
        guard status.activeWebStateChanged else { return "" }
        return " active \(tabName(status.oldActiveWebState))->\(tabName(status.newActiveWebState))"
    }

    private func describe(
        _ change: WebStateListChange, _ createdRange: TabGroupRange?, _ tabName: (WebState?) -> String,
        _ groupName: (TabGroup?) -> String
    ) -> String {
        switch change {
        case .statusOnly(let status):
            return "status \(tabName(status.webState))@\(status.index.map(String.init) ?? "none")"
                + " [\(groupName(status.oldGroup))->\(groupName(status.newGroup))]"
                + (status.pinnedStateChanged ? " pinned" : "")
        case .detach(let detach):
            return "detach \(tabName(detach.detachedWebState))@\(detach.detachedFromIndex)"
                + " [\(groupName(detach.group))]" + (detach.isClosing ? " closing" : "")
        case .move(let move):
            return "move \(tabName(move.movedWebState)) \(move.oldIndex)->\(move.newIndex)"
                + " [\(groupName(move.oldGroup))->\(groupName(move.newGroup))]"
                + (move.pinnedStateChanged ? " pinned" : "")
        case .replace(let replace):
            return "replace \(tabName(replace.replacedWebState))->\(tabName(replace.insertedWebState))"
                + "@\(replace.index)"
        case .insert(let insert):
            return "insert \(tabName(insert.insertedWebState))@\(insert.index) [\(groupName(insert.group))]"
        case .groupCreate(let group):
            return "groupCreate \(groupName(group)) \(createdRange.map(\.description) ?? "?")"
        case .groupVisualDataUpdate(let group, let old):
            return "groupVisual \(groupName(group)) was \(old.title) \(old.color)"
                + (old.isCollapsed ? " collapsed" : "")
        case .groupMove(let group, let fromRange, let toRange):
            return "groupMove \(groupName(group)) \(fromRange)->\(toRange)"
        case .groupDelete(let group):
            return "groupDelete \(groupName(group))"
        }
    }
}

/// Checks of the group invariants of a ``WebStateList``.
@MainActor
enum GroupInvariants {
    /// What is wrong with `list`: pinned tabs must come first and have no group; every
    /// tab's group must be one of the list's groups and its range must contain the tab;
    /// every group's range must hold exactly the tabs of that group (so groups are
    /// contiguous) and lie after the pinned tabs; ids must be unique and found by
    /// `group(withID:)`; `groups` must hold no empty group unless `allowingEmptyGroups`
    /// (a group is empty while it is being created or just before it is deleted).
    static func violations(in list: WebStateList, allowingEmptyGroups: Bool = false) -> [String] {
        var problems: [String] = []
        if list.pinnedCount < 0 || list.pinnedCount > list.count {
            problems.append("pinnedCount \(list.pinnedCount) out of 0...\(list.count)")
            return problems
        }
        if let active = list.activeIndex, !list.containsIndex(active) {
            problems.append("active index \(active) out of range")
        }
        for index in 0..<list.count {
            let pinned = list.isPinned(at: index)
            if pinned != (index < list.pinnedCount) {
                problems.append("tab \(index): isPinned is \(pinned) with pinnedCount \(list.pinnedCount)")
            }
            guard let group = list.group(at: index) else { continue }
            if pinned { problems.append("pinned tab \(index) is in group \(group.id)") }
            if !list.containsGroup(group) {
                problems.append("tab \(index) is in group \(group.id), which the list does not hold")
            }
            if !group.range.contains(index) {
                problems.append("tab \(index) is in group \(group.id) whose range \(group.range) misses it")
            }
        }
        var ids: Set<TabGroupID> = []
        for group in list.groups {
            let range = group.range
            if !ids.insert(group.id).inserted { problems.append("duplicate group id \(group.id)") }
            if list.group(withID: group.id) !== group {
                problems.append("group(withID: \(group.id)) does not find its group")
            }
            if range.count < 0 || (!allowingEmptyGroups && range.count == 0) {
                problems.append("group \(group.id) is empty: \(range)")
            }
            guard range.count > 0 else { continue }
            if range.start < list.pinnedCount || range.end > list.count {
                problems.append(
                    "group \(group.id) range \(range) is outside \(list.pinnedCount)..<\(list.count)")
                continue
            }
            for index in range.indices where list.group(at: index) !== group {
                problems.append("group \(group.id) range \(range) holds tab \(index) of another group")
            }
        }
        return problems
    }

    /// Expects `list` to satisfy the group invariants.
    static func expectValid(_ list: WebStateList, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = violations(in: list)
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
    }
}

/// A list built from a description, with a recorder observing it from then on and the
/// names of its tabs and groups.
@MainActor
final class GroupFixture {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let recorder = GroupEventRecorder()
    private var groupNames: [ObjectIdentifier: String] = [:]

    /// Builds `description` and starts recording (the building itself is not recorded).
    init(_ description: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try builder.build(list, description)
        let spaced = description.replacingOccurrences(of: "[", with: " [ ")
        let tokens = spaced.split(separator: " ")
        for (position, token) in tokens.enumerated() where token == "[" && position + 1 < tokens.count {
            let name = String(tokens[position + 1])
            let group = try #require(builder.group(named: name), sourceLocation: sourceLocation)
            groupNames[ObjectIdentifier(group)] = name
        }
        #expect(builder.describe(list) == description, sourceLocation: sourceLocation)
        GroupInvariants.expectValid(list, sourceLocation: sourceLocation)
        list.addObserver(recorder)
    }

    /// The list in the builder's notation.
    var description: String { builder.describe(list) }

    /// The events recorded so far.
    var events: [String] {
        recorder.events(
            tabName: { [builder] in $0.map { builder.name(of: $0) ?? "_" } ?? "none" },
            groupName: { [groupNames] in $0.map { groupNames[ObjectIdentifier($0)] ?? "?" } ?? "none" })
    }

    /// The group called `name`.
    func group(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TabGroup {
        try #require(builder.group(named: name), sourceLocation: sourceLocation)
    }

    /// Names `group` `name` in descriptions and events.
    func name(_ group: TabGroup, _ name: String) {
        builder.setGroupName(name, for: group)
        groupNames[ObjectIdentifier(group)] = name
    }

    /// The tab called `name` (made on first use).
    func tab(_ name: String) -> WebState { builder.webState(named: name) }

    /// Expects the list to satisfy the group invariants now and to have satisfied them
    /// at every notification.
    func expectConsistent(sourceLocation: SourceLocation = #_sourceLocation) {
        GroupInvariants.expectValid(list, sourceLocation: sourceLocation)
        #expect(recorder.inconsistencies == [], sourceLocation: sourceLocation)
    }

    /// Expects the list to read `description` and the recorded events to be `events`,
    /// and the list to be consistent.
    func expect(
        _ description: String, events: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.description == description, sourceLocation: sourceLocation)
        #expect(self.events == events, sourceLocation: sourceLocation)
        expectConsistent(sourceLocation: sourceLocation)
    }
}
