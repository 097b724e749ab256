import ModelTestSupport
import TabModel
import Testing
import Web

/// An ordered record shared by several recorders, to check the order of events that
/// come from different sources (list observer, delegate, WebState observers).
@MainActor
final class EventLog {
    private(set) var events: [String] = []

    func append(_ event: String) { events.append(event) }
    func reset() { events.removeAll() }
}

/// Names WebStates and groups in recorded events: the builder's names, `_` for an
/// unnamed tab, `nil` for none; groups by their title (the builder titles them with
/// their name).
@MainActor
struct EventNamer {
    let builder: WebStateListBuilder

    func callAsFunction(_ webState: WebState?) -> String {
        guard let webState else { return "nil" }
        return builder.name(of: webState) ?? "_"
    }

    func callAsFunction(_ group: TabGroup?) -> String {
        guard let group else { return "nil" }
        return group.visualData.title.isEmpty ? "?" : group.visualData.title
    }
}

/// A WebStateListObserver that records every notification as a string:
/// `insert(c,2)`, `insert(c,2,in:g)`, `willDetach(b,1)`, `detach(b,1,closing,user)`,
/// `move(a,0->2)`, `move(a,0->2,pinned,group:g->nil)`, `statusOnly(b,1)`,
/// `replace(b->x,1)`, `groupCreate(g)`, `groupVisualData(g)`, `groupMove(g,[1, 3)->[4, 6))`,
/// `groupDelete(g)`, `batchBegin`, `batchEnd`, `destroyed`; and the status of every
/// change (`old->new` active tab names).
@MainActor
final class RecordingWebStateListObserver: WebStateListObserver {
    private let name: EventNamer
    private let log: EventLog?
    /// The events, in order.
    private(set) var events: [String] = []
    /// The status of every willChange / didChange, as `old->new`, in order.
    private(set) var statuses: [String] = []
    /// The number of didChange notifications whose status changed the active tab.
    private(set) var activeChangeCount = 0
    /// `list.isMutating` seen during each willChange / didChange.
    private(set) var mutatingDuringChanges: [Bool] = []
    /// Called after recording each didChange (used to misbehave on purpose).
    var onDidChange: ((WebStateList) -> Void)?

    init(builder: WebStateListBuilder, log: EventLog? = nil) {
        name = EventNamer(builder: builder)
        self.log = log
    }

    /// The events that are list changes (not batch or destruction events).
    var changeEvents: [String] {
        events.filter { !["batchBegin", "batchEnd", "destroyed"].contains($0) }
    }

    /// The status of the last change.
    var lastStatus: String? { statuses.last }

    /// How many events start with `prefix` (e.g. "detach(").
    func count(_ prefix: String) -> Int { events.count { $0.hasPrefix(prefix) } }

    func reset() {
        events.removeAll()
        statuses.removeAll()
        activeChangeCount = 0
        mutatingDuringChanges.removeAll()
    }

    private func record(_ event: String) {
        events.append(event)
        log?.append(event)
    }

    private func recordStatus(_ status: WebStateListStatus, _ list: WebStateList) {
        statuses.append("\(name(status.oldActiveWebState))->\(name(status.newActiveWebState))")
        mutatingDuringChanges.append(list.isMutating)
    }

    private func groupChange(_ old: TabGroup?, _ new: TabGroup?) -> String {
        old === new ? "" : ",group:\(name(old))->\(name(new))"
    }

    func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus
    ) {
        record("willDetach(\(name(detach.detachedWebState)),\(detach.detachedFromIndex))")
        recordStatus(status, list)
    }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        switch change {
        case .statusOnly(let c):
            let index = c.index.map(String.init) ?? "nil"
            record(
                "statusOnly(\(name(c.webState)),\(index)\(c.pinnedStateChanged ? ",pinned" : "")"
                    + "\(groupChange(c.oldGroup, c.newGroup)))")
        case .detach(let c):
            var flags = ""
            if c.isClosing { flags += ",closing" }
            if c.isUserAction { flags += ",user" }
            if c.isTabsCleanup { flags += ",cleanup" }
            record("detach(\(name(c.detachedWebState)),\(c.detachedFromIndex)\(flags))")
        case .move(let c):
            record(
                "move(\(name(c.movedWebState)),\(c.oldIndex)->\(c.newIndex)"
                    + "\(c.pinnedStateChanged ? ",pinned" : "")\(groupChange(c.oldGroup, c.newGroup)))")
        case .replace(let c):
            record("replace(\(name(c.replacedWebState))->\(name(c.insertedWebState)),\(c.index))")
        case .insert(let c):
            let group = c.group.map { ",in:\(name($0))" } ?? ""
            record("insert(\(name(c.insertedWebState)),\(c.index)\(group))")
        case .groupCreate(let group):
            record("groupCreate(\(name(group)))")
        case .groupVisualDataUpdate(let group, _):
            record("groupVisualData(\(name(group)))")
        case .groupMove(let group, let from, let to):
            record("groupMove(\(name(group)),\(from)->\(to))")
        case .groupDelete(let group):
            record("groupDelete(\(name(group)))")
        }
        recordStatus(status, list)
        if status.activeWebStateChanged { activeChangeCount += 1 }
        onDidChange?(list)
    }

    func webStateListWillBeginBatchOperation(_ list: WebStateList) { record("batchBegin") }
    func webStateListBatchOperationEnded(_ list: WebStateList) { record("batchEnd") }
    func webStateListDestroyed(_ list: WebStateList) { record("destroyed") }
}

/// A WebStateListDelegate that records its calls: `willAdd(x)`, `willActivate(x)`,
/// `willRemove(x)`.
@MainActor
final class RecordingWebStateListDelegate: WebStateListDelegate {
    private let name: EventNamer
    private let log: EventLog?
    /// The calls, in order.
    private(set) var events: [String] = []

    init(builder: WebStateListBuilder, log: EventLog? = nil) {
        name = EventNamer(builder: builder)
        self.log = log
    }

    /// How many calls start with `prefix` (e.g. "willActivate(").
    func count(_ prefix: String) -> Int { events.count { $0.hasPrefix(prefix) } }

    func reset() { events.removeAll() }

    private func record(_ event: String) {
        events.append(event)
        log?.append(event)
    }

    func willAddWebState(_ webState: WebState) { record("willAdd(\(name(webState)))") }
    func willActivateWebState(_ webState: WebState) { record("willActivate(\(name(webState)))") }
    func willRemoveWebState(_ webState: WebState) { record("willRemove(\(name(webState)))") }
}

/// A WebStateObserver that runs a closure when a WebState is destroyed.
@MainActor
final class WebStateDestructionObserver: WebStateObserver {
    private let onDestroyed: (WebState) -> Void

    init(_ onDestroyed: @escaping (WebState) -> Void) { self.onDestroyed = onDestroyed }

    func webStateDestroyed(_ webState: WebState) { onDestroyed(webState) }
}

/// A list built from a description, with a recording delegate and observer sharing one
/// log. The recorders are reset after the build, so they only see what a test does.
@MainActor
final class WebStateListFixture {
    let builder: WebStateListBuilder
    let log = EventLog()
    let delegate: RecordingWebStateListDelegate
    let observer: RecordingWebStateListObserver
    let list: WebStateList

    /// Builds `description` (see ``WebStateListBuilder``). Tabs named in `realized` are
    /// made realized (one committed page) instead of unrealized.
    init(_ description: String = "|", realized: [String] = []) throws {
        builder = WebStateListBuilder()
        for name in realized { _ = builder.realizedWebState(named: name) }
        delegate = RecordingWebStateListDelegate(builder: builder, log: log)
        observer = RecordingWebStateListObserver(builder: builder, log: log)
        list = WebStateList(delegate: delegate)
        list.addObserver(observer)
        try builder.build(list, description)
        resetRecords()
    }

    /// The list in the builder's notation.
    var description: String { builder.describe(list) }

    /// The tab called `name` (made unrealized, not inserted, if new).
    func webState(_ name: String) -> WebState { builder.webState(named: name) }

    /// The index of the tab called `name`.
    func index(of name: String) -> Int? { list.index(of: builder.webState(named: name)) }

    /// The name of the opener of the tab called `name`, or "nil".
    func openerName(of name: String) throws -> String {
        let index = try #require(self.index(of: name))
        return EventNamer(builder: builder)(list.opener(at: index)?.webState)
    }

    /// Forgets what was recorded so far.
    func resetRecords() {
        log.reset()
        delegate.reset()
        observer.reset()
    }
}
