/// The colours a tab group can have (Chromium's TabGroupColorId, same raw values).
public enum TabGroupColor: Int, CaseIterable, Sendable, Codable {
    case grey = 0
    case blue
    case red
    case yellow
    case green
    case pink
    case purple
    case cyan
    case orange
}

/// How a tab group looks: its title, colour and whether it is collapsed.
public struct TabGroupVisualData: Equatable, Hashable, Sendable {
    public var title: String
    /// The colour.
    public var color: TabGroupColor
    /// Whether the group is collapsed in the tab strip.
    public var isCollapsed: Bool

    /// Creates visual data.
    public init(title: String = "", color: TabGroupColor = .grey, isCollapsed: Bool = false) {
        self.title = title
        self.color = color
        self.isCollapsed = isCollapsed
    }
}
