import UIInterfaces

/// Passes the tab strip's pushes on to its view controller and records what the strip shows
/// in the test-only event log (`tabs <count> <selected index> <titles|…>`), so that
/// end-to-end tests can wait for it.
@MainActor
final class TabStripEventLogger: TabStripConsumer {
    private let target: any TabStripConsumer
    private var items: [TabStripItem] = []
    private var selected: Int?

    init(forwardingTo target: any TabStripConsumer) { self.target = target }

    func setTabs(_ items: [TabStripItem], selectedIndex: Int?) {
        self.items = items
        selected = selectedIndex
        target.setTabs(items, selectedIndex: selectedIndex)
        record()
    }

    func insertTab(_ item: TabStripItem, at index: Int) {
        items.insert(item, at: index)
        target.insertTab(item, at: index)
        record()
    }

    func moveTab(from fromIndex: Int, to toIndex: Int) {
        items.insert(items.remove(at: fromIndex), at: toIndex)
        target.moveTab(from: fromIndex, to: toIndex)
        record()
    }

    func removeTab(at index: Int) {
        items.remove(at: index)
        target.removeTab(at: index)
        record()
    }

    func updateTab(_ item: TabStripItem, at index: Int) {
        let changed = items[index].title != item.title || items[index].url != item.url
        items[index] = item
        target.updateTab(item, at: index)
        if changed { record() }
    }

    func selectTab(at index: Int?) {
        selected = index
        target.selectTab(at: index)
        record()
    }

    private func record() {
        EventLog.record(
            "tabs",
            "\(items.count) \(selected.map(String.init) ?? "-") \(items.map(\.url).joined(separator: "|"))")
    }
}
