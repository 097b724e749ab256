import Foundation
public import TabModel
public import Web
public import WebTestSupport

/// Builds ``WebStateList``s from compact descriptions and describes lists the same way,
/// so that list tests read as tables.
///
/// Notation (Chromium's): tab names are single words; tabs left of `|` are pinned;
/// `[g a b]` is a group named `g` holding `a` and `b`; `*` after a name marks the active
/// tab. Example: `"a b | [0 c d*] e"`. A list with no pinned tab starts with `"| "`.
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

    /// An error in a description.
    public struct DescriptionError: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Fills the empty `list` from `description`: inserts the tabs (pinned ones pinned),
    /// creates the groups and activates the marked tab. Tabs are unrealized WebStates with
    /// title `name` and URL `https://name.test/` unless made earlier with ``webState(named:)``
    /// or ``realizedWebState(named:)``.
    public func build(_ list: WebStateList, _ description: String) throws {
        precondition(list.isEmpty, "WebStateListBuilder.build: the list must be empty")
        var pinnedPart = ""
        var rest = description
        if let bar = description.firstIndex(of: "|") {
            pinnedPart = String(description[..<bar])
            rest = String(description[description.index(after: bar)...])
        }
        var active: Int?
        var index = 0
        for token in pinnedPart.split(separator: " ") {
            let (name, isActive) = Self.parseName(token)
            guard !name.isEmpty, !name.contains("["), !name.contains("]") else {
                throw DescriptionError(description: "bad pinned token '\(token)' in '\(description)'")
            }
            list.insert(webState(named: name), .atIndex(index).pinning())
            if isActive { active = index }
            index += 1
        }
        var pendingGroups: [(name: String, indices: [Int])] = []
        var openGroup: (name: String, indices: [Int])?
        var expectGroupName = false
        let spaced = rest.replacingOccurrences(of: "[", with: " [ ").replacingOccurrences(
            of: "]", with: " ] ")
        for token in spaced.split(separator: " ") {
            if token == "[" {
                guard openGroup == nil else {
                    throw DescriptionError(description: "nested group in '\(description)'")
                }
                expectGroupName = true
                continue
            }
            if token == "]" {
                guard let group = openGroup else {
                    throw DescriptionError(description: "stray ] in '\(description)'")
                }
                pendingGroups.append(group)
                openGroup = nil
                continue
            }
            if expectGroupName {
                openGroup = (String(token), [])
                expectGroupName = false
                continue
            }
            let (name, isActive) = Self.parseName(token)
            list.insert(webState(named: name), .atIndex(index))
            openGroup?.indices.append(index)
            if isActive { active = index }
            index += 1
        }
        guard openGroup == nil, !expectGroupName else {
            throw DescriptionError(description: "unclosed group in '\(description)'")
        }
        for group in pendingGroups {
            guard !group.indices.isEmpty else {
                throw DescriptionError(description: "empty group in '\(description)'")
            }
            let tabGroup = list.createGroup(
                indices: group.indices, visualData: TabGroupVisualData(title: group.name, color: .blue))
            setGroupName(group.name, for: tabGroup)
        }
        if let active { list.activate(at: active) }
    }

    private static func parseName(_ token: Substring) -> (String, Bool) {
        token.hasSuffix("*") ? (String(token.dropLast()), true) : (String(token), false)
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
