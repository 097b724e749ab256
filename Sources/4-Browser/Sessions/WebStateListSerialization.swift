import Foundation
import TabModel
import Web

/// A window session as read from session_metadata.pb, after the loading rules.
struct LoadedSession {
    struct Item {
        var id: WebStateID
        /// The directory name the tab's files are stored under (differs from `id` when the
        /// stored identifier was invalid and a fresh one was assigned).
        var storageName: String
        var metadata: WebStateMetadata
        var openerIndex: Int?
        var openerNavigationIndex: Int
        /// Whether the tab was loading when the list was saved.
        var wasLoading = false
    }

    struct Group {
        var range: TabGroupRange
        var visualData: TabGroupVisualData
        var id: TabGroupID
    }

    var items: [Item] = []
    var activeIndex: Int?
    var pinnedCount = 0
    var groups: [Group] = []
    /// Things that were wrong with the stored list (for the log).
    var problems: [SessionProblem] = []

    static let empty = LoadedSession()
}

/// Turns a ``WebStateList`` into a `WebStateListStorage` and back, applying Chromium's
/// filtering rules both ways: tabs with no navigation item and duplicate identifiers are
/// dropped, openers are re-indexed (dangling ones cleared), the active index is recomputed,
/// the pinned count shrinks with dropped pinned tabs, and groups shrink or disappear.
enum WebStateListSerialization {
    /// The list's storage and the tabs it holds, in order.
    @MainActor
    /// `metadata` supplies each tab's stored metadata (a cache may answer for unchanged tabs).
    static func serialize(
        _ list: WebStateList,
        metadata: (WebState) -> StorageWebStateMetadataStorage = {
            StorageWebStateMetadataStorage($0.serializeMetadata())
        }
    ) -> (storage: StorageWebStateListStorage, webStates: [WebState]) {
        var dropped: [Int] = []
        var seen = Set<WebStateID>()
        for index in 0..<list.count {
            let webState = list.webState(at: index)
            let keep =
                webState.navigationItemCount > 0 || (webState.isRealized && webState.visibleURL != nil)
            if !keep || !seen.insert(webState.id).inserted { dropped.append(index) }
        }
        let removing = RemovingIndexes(dropped)
        var storage = StorageWebStateListStorage()
        storage.formatVersion = SessionFormat.currentVersion
        var webStates: [WebState] = []
        for index in 0..<list.count where !removing.contains(index) {
            let webState = list.webState(at: index)
            var item = StorageWebStateListItemStorage()
            item.identifier = webState.id.rawValue
            item.metadata = metadata(webState)
            item.wasLoading = webState.isLoading
            if item.metadata.navigationItemCount == 0 { item.metadata.navigationItemCount = 1 }
            if let opener = list.opener(at: index), let openerIndex = list.index(of: opener.webState),
                let newIndex = removing.indexAfterRemoval(openerIndex)
            {
                item.opener.index = Int32(newIndex)
                item.opener.navigationIndex = Int32(opener.navigationIndex)
            }
            storage.items.append(item)
            webStates.append(webState)
        }
        var active = -1
        if let activeIndex = list.activeIndex {
            let target =
                removing.contains(activeIndex)
                ? OrderController(list: list).newActiveIndex(activeIndex: activeIndex, removing: removing)
                : activeIndex
            active = target.flatMap { removing.indexAfterRemoval($0) } ?? -1
        }
        storage.activeIndex = Int32(active)
        storage.pinnedItemCount = Int32(list.pinnedCount - dropped.count { $0 < list.pinnedCount })
        for group in list.groups.sorted(by: { $0.range.start < $1.range.start }) {
            let kept = group.range.indices.compactMap { removing.indexAfterRemoval($0) }
            guard let first = kept.first else { continue }
            var stored = StorageTabGroupStorage()
            stored.range.start = Int32(first)
            stored.range.count = Int32(kept.count)
            stored.title = group.visualData.title
            stored.color = StorageTabGroupColorId(group.visualData.color)
            stored.collapsed = group.visualData.isCollapsed
            stored.tabGroupID.high = group.id.high
            stored.tabGroupID.low = group.id.low
            storage.groups.append(stored)
        }
        return (storage, webStates)
    }

    /// The session described by `storage`, after the loading rules. Tabs whose identifier
    /// is invalid or in `idsInUse` (tabs of this process, e.g. of other windows) get a fresh
    /// one; their `storageName` still names their files.
    static func load(_ storage: StorageWebStateListStorage, idsInUse: Set<WebStateID> = []) -> LoadedSession {
        var session = LoadedSession()
        var dropped: [Int] = []
        var seen = Set<Int32>()
        for (index, item) in storage.items.enumerated() {
            if item.metadata.navigationItemCount <= 0 {
                session.problems.append(.tabWithoutPage(tab: item.identifier))
                dropped.append(index)
            } else if item.identifier > 0 && !seen.insert(item.identifier).inserted {
                session.problems.append(.duplicateTab(tab: item.identifier))
                dropped.append(index)
            }
        }
        let removing = RemovingIndexes(dropped)
        let count = storage.items.count
        // Advance the identifier generator past every stored identifier before handing out
        // fresh ones for invalid identifiers: otherwise a fresh one could equal a valid stored
        // identifier further down the list, and two tabs would share it.
        for item in storage.items { _ = WebStateID.fromSerializedValue(item.identifier) }
        for (index, item) in storage.items.enumerated() where !removing.contains(index) {
            let id: WebStateID
            if let valid = WebStateID.fromSerializedValue(item.identifier), !idsInUse.contains(valid) {
                id = valid
            } else {
                id = .newUnique()
                session.problems.append(
                    WebStateID.generator.accepts(item.identifier)
                        ? .tabAlreadyOpen(tab: item.identifier, newID: id.rawValue)
                        : .invalidTabID(tab: item.identifier, newID: id.rawValue))
            }
            var openerIndex: Int?
            if item.hasOpener, item.opener.index >= 0, Int(item.opener.index) < count {
                openerIndex = removing.indexAfterRemoval(Int(item.opener.index))
            }
            var metadata = item.metadata.model
            // The page an unrealized tab shows, and loads when its own file is gone: never one a
            // restore must not load (NavigationItem.isRestorable).
            if let url = metadata.url, !NavigationItem.isRestorable(url) {
                session.problems.append(
                    .unrestorableEntries(
                        tab: item.identifier, schemes: [url.scheme?.lowercased() ?? "?"]))
                metadata.url = nil
            }
            session.items.append(
                LoadedSession.Item(
                    id: id, storageName: storageName(rawValue: item.identifier), metadata: metadata,
                    openerIndex: openerIndex, openerNavigationIndex: Int(item.opener.navigationIndex),
                    wasLoading: item.wasLoading))
        }
        // Openers pointing at themselves are meaningless.
        for index in session.items.indices where session.items[index].openerIndex == index {
            session.items[index].openerIndex = nil
        }
        let keptCount = session.items.count
        let storedPinned = min(max(Int(storage.pinnedItemCount), 0), count)
        session.pinnedCount = storedPinned - dropped.count { $0 < storedPinned }
        let storedActive = Int(storage.activeIndex)
        if storedActive >= 0 && storedActive < count {
            if let kept = removing.indexAfterRemoval(storedActive) {
                session.activeIndex = kept
            } else if keptCount > 0 {
                // The nearest kept tab after the dropped active one, else before it.
                let after = (storedActive..<count).first { !removing.contains($0) }
                let before = (0..<storedActive).last { !removing.contains($0) }
                session.activeIndex = (after ?? before).flatMap { removing.indexAfterRemoval($0) }
            }
        } else if keptCount > 0 && storedActive != -1 {
            session.problems.append(.activeIndexOutOfRange(storedActive))
            session.activeIndex = 0
        }
        var used = IndexSet()
        for stored in storage.groups {
            let start = Int(stored.range.start)
            let end = start + Int(stored.range.count)
            guard start >= storedPinned, stored.range.count > 0, end <= count else {
                session.problems.append(.invalidGroupRange(start: start, end: end))
                continue
            }
            let kept = (start..<end).compactMap { removing.indexAfterRemoval($0) }
            guard let first = kept.first else { continue }
            let range = TabGroupRange(start: first, count: kept.count)
            guard !used.intersects(integersIn: range.indices) else {
                session.problems.append(.overlappingGroups)
                continue
            }
            used.insert(integersIn: range.indices)
            let id = TabGroupID(high: stored.tabGroupID.high, low: stored.tabGroupID.low)
            guard !session.groups.contains(where: { $0.id == id }) else {
                session.problems.append(.duplicateGroup("\(id)"))
                continue
            }
            session.groups.append(
                LoadedSession.Group(
                    range: range,
                    visualData: TabGroupVisualData(
                        title: stored.title, color: stored.color.model, isCollapsed: stored.collapsed),
                    id: id))
        }
        return session
    }

    /// The directory name for a stored identifier (eight hex digits, as Chromium's `%08x`).
    static func storageName(rawValue: Int32) -> String {
        let hex = String(UInt32(bitPattern: rawValue), radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }
}
