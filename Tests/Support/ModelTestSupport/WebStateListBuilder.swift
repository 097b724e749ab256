import Foundation
public import TabModel
public import Web
public import WebTestSupport

/// Builds ``WebStateList``s from compact descriptions and describes lists the same way,
/// so that list tests read as tables.
///
/// Notation (Chromium's): tab names are single words; tabs left of `|` are pinned;
/// `[g a b]` is a group named `g` holding `a` and `b`; `*` after a name marks the active
/// tab; group names are numbers. Example: `"a b | [0 c d*] e"`. A list with no pinned tab
/// starts with `"| "`.
@MainActor
public final class WebStateListBuilder {
    /// The engine the builder's tabs come from.
    public let engine: FakeWebEngine
    private var webStatesByName: [String: WebState] = [:]
    private var namesByID: [ObjectIdentifier: String] = [:]
    private var groupsByName: [String: TabGroup] = [:]
    private var groupNamesByID: [ObjectIdentifier: String] = [:]

    /// Creates a builder whose tabs come from `engine` (a new fake engine by default).
    public init(engine: FakeWebEngine = FakeWebEngine()) { self.engine = engine }

    /// An error in a description: the description and what is wrong with it.
    public struct DescriptionError: Error, CustomStringConvertible, Equatable {
        /// What is wrong, and the description.
        public let description: String

        init(_ problem: String, in text: String) { description = "\(problem) in '\(text)'" }
    }

    /// A parsed description: the tabs in order, the groups, the active tab.
    private struct Plan {
        var tabs: [(name: String, pinned: Bool)] = []
        var groups: [(name: String, indices: [Int])] = []
        var active: Int?
    }

    /// Fills the empty `list` from `description`: inserts the tabs (pinned ones pinned),
    /// creates the groups and activates the marked tab. Tabs are unrealized WebStates with
    /// title `name` and URL `https://name.test/` unless made earlier with ``webState(named:)``
    /// or ``realizedWebState(named:)``.
    ///
    /// Rejects, as Chromium's builder does, and before changing `list`: no `|` or more than
    /// one, more than one `*`, a tab named `_` (what ``describe(_:)`` shows for unnamed
    /// tabs) or named twice, a group whose name is not digits or that is used twice, nested,
    /// unclosed, empty or pinned groups, and stray brackets.
    public func build(_ list: WebStateList, _ description: String) throws(DescriptionError) {
        precondition(list.isEmpty, "WebStateListBuilder.build: the list must be empty")
        let plan = try Self.parse(description)
        for (index, tab) in plan.tabs.enumerated() {
            list.insert(webState(named: tab.name), tab.pinned ? .atIndex(index).pinning() : .atIndex(index))
        }
        for group in plan.groups {
            let tabGroup = list.createGroup(
                indices: group.indices, visualData: TabGroupVisualData(title: group.name, color: .blue))
            setGroupName(group.name, for: tabGroup)
        }
        if let active = plan.active { list.activate(at: active) }
    }

    private static func parse(_ description: String) throws(DescriptionError) -> Plan {
        func error(_ problem: String) -> DescriptionError { DescriptionError(problem, in: description) }
        let bars = description.count { $0 == "|" }
        guard bars == 1 else {
            throw error(
                bars == 0 ? "no '|' (a list with no pinned tab starts with '| ')" : "more than one '|'")
        }
        let stars = description.count { $0 == "*" }
        guard stars <= 1 else { throw error("more than one active tab '*'") }
        var plan = Plan()
        var names: Set<String> = []
        var groupNames: Set<String> = []
        var openGroup: (name: String, indices: [Int])?
        var expectGroupName = false
        var pinned = true
        let spaced = description.replacingOccurrences(of: "[", with: " [ ")
            .replacingOccurrences(of: "]", with: " ] ").replacingOccurrences(of: "|", with: " | ")
        for token in spaced.split(separator: " ") {
            if expectGroupName {
                guard !token.isEmpty, token.allSatisfy({ ("0"..."9").contains($0) }) else {
                    throw error("group name '\(token)' is not a number")
                }
                guard groupNames.insert(String(token)).inserted else {
                    throw error("group \(token) used twice")
                }
                openGroup = (String(token), [])
                expectGroupName = false
                continue
            }
            switch token {
            case "|":
                pinned = false  // No group is open: groups cannot start among the pinned tabs.
            case "[":
                guard !pinned else { throw error("a group among the pinned tabs") }
                guard openGroup == nil else { throw error("nested group") }
                expectGroupName = true
            case "]":
                guard let group = openGroup else { throw error("stray ]") }
                guard !group.indices.isEmpty else { throw error("empty group \(group.name)") }
                plan.groups.append(group)
                openGroup = nil
            default:
                let isActive = token.hasSuffix("*")
                let name = String(isActive ? token.dropLast() : token)
                guard !name.isEmpty, !name.contains("*") else { throw error("bad tab '\(token)'") }
                guard name != "_" else { throw error("tab named '_' (unnamed tabs cannot be built)") }
                guard names.insert(name).inserted else { throw error("tab \(name) used twice") }
                openGroup?.indices.append(plan.tabs.count)
                if isActive { plan.active = plan.tabs.count }
                plan.tabs.append((name, pinned))
            }
        }
        guard openGroup == nil, !expectGroupName else { throw error("unclosed group") }
        return plan
    }

    /// Describes `list` in the notation above. Unnamed tabs show as `_`, unnamed groups as `?`.
    public func describe(_ list: WebStateList) -> String {
        var tokens: [String] = []
        var currentGroup: TabGroup?
        for index in 0..<list.count {
            if index == list.pinnedCount { closeGroup(&currentGroup, &tokens) }
            if index == list.pinnedCount { tokens.append("|") }
            let group = list.group(at: index)
            if group !== currentGroup {
                closeGroup(&currentGroup, &tokens)
                if let group {
                    tokens.append("[" + (groupNamesByID[ObjectIdentifier(group)] ?? "?"))
                    currentGroup = group
                }
            }
            let webState = list.webState(at: index)
            tokens.append(
                (namesByID[ObjectIdentifier(webState)] ?? "_") + (list.activeIndex == index ? "*" : ""))
        }
        closeGroup(&currentGroup, &tokens)
        if list.pinnedCount == list.count { tokens.append("|") }
        return tokens.joined(separator: " ")
    }

    private func closeGroup(_ group: inout TabGroup?, _ tokens: inout [String]) {
        if group != nil, !tokens.isEmpty { tokens[tokens.count - 1] += "]" }
        group = nil
    }

    /// The tab called `name`, made (unrealized) on first use.
    public func webState(named name: String) -> WebState {
        if let existing = webStatesByName[name] { return existing }
        let now = Date()
        let webState = WebState(
            context: engine.defaultContext, id: .newUnique(),
            metadata: WebStateMetadata(
                creationTime: now, lastActiveTime: now, title: name,
                url: URL(string: "https://\(name).test/"),
                navigationItemCount: 1),
            loaders: WebState.StorageLoaders(storage: { nil }, nativeSessionState: { nil }))
        register(webState, name: name)
        return webState
    }

    /// The tab called `name`, made realized (with one committed page) on first use.
    public func realizedWebState(named name: String) -> WebState {
        if let existing = webStatesByName[name] { return existing }
        let webState = WebState(params: .init(context: engine.defaultContext))
        webState.load(URL(string: "https://\(name).test/")!)
        register(webState, name: name)
        return webState
    }

    /// Gives `webState` the name `name` in descriptions.
    public func register(_ webState: WebState, name: String) {
        webStatesByName[name] = webState
        namesByID[ObjectIdentifier(webState)] = name
    }

    /// The name of `webState`, if it has one.
    public func name(of webState: WebState?) -> String? {
        webState.flatMap { namesByID[ObjectIdentifier($0)] }
    }

    /// The group called `name` in the last built list.
    public func group(named name: String) -> TabGroup? { groupsByName[name] }

    /// Gives `group` the name `name` in descriptions.
    public func setGroupName(_ name: String, for group: TabGroup) {
        groupsByName[name] = group
        groupNamesByID[ObjectIdentifier(group)] = name
    }
}
