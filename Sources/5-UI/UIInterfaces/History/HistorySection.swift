/// The visits of one day in the History window, newest first, under a heading.
public struct HistorySection: Equatable, Sendable, Identifiable {
    /// The day, stable across pushes ("2026-11-26"): a heading that stays keeps its place in
    /// the list, and the rows around it keep their selection and scroll position.
    public var id: String
    /// The heading: "Today", "Yesterday", or the date.
    public var title: String
    public var items: [HistoryItem]

    public init(id: String, title: String, items: [HistoryItem]) {
        self.id = id
        self.title = title
        self.items = items
    }
}
