import UIInterfaces

/// Records every push as a line: `set [a b*]`, `insert 1 c`, `move 0->2`, `remove 1`,
/// `update 0 a loading`, `select 1`. Tabs are named by their titles.
@MainActor
final class RecordingTabStripConsumer: TabStripConsumer {
    var pushes: [String] = []
    var items: [TabStripItem] = []

    static func describe(_ item: TabStripItem) -> String {
        var text = item.title
        if item.isLoading { text += " loading" }
        if item.isPinned { text += " pinned" }
        if let group = item.group { text += " group(\(group.title),\(group.colorName))" }
        if item.isCrashed { text += " crashed" }
        if item.favicon != nil { text += " favicon" }
        return text
    }

    func setTabs(_ items: [TabStripItem], selectedIndex: Int?) {
        self.items = items
        let names = items.enumerated().map { Self.describe($1) + ($0 == selectedIndex ? "*" : "") }
        pushes.append("set [\(names.joined(separator: ", "))]")
    }

    func insertTab(_ item: TabStripItem, at index: Int) {
        items.insert(item, at: index)
        pushes.append("insert \(index) \(Self.describe(item))")
    }

    func moveTab(from fromIndex: Int, to toIndex: Int) {
        items.insert(items.remove(at: fromIndex), at: toIndex)
        pushes.append("move \(fromIndex)->\(toIndex)")
    }

    func removeTab(at index: Int) {
        items.remove(at: index)
        pushes.append("remove \(index)")
    }

    func updateTab(_ item: TabStripItem, at index: Int) {
        items[index] = item
        pushes.append("update \(index) \(Self.describe(item))")
    }

    func selectTab(at index: Int?) { pushes.append("select \(index.map(String.init) ?? "none")") }
}
