/// The colours a tab group can have (Chromium's TabGroupColorId, same raw values).
public enum TabGroupColor: Int, CaseIterable, Sendable, Codable {
    /// Grey.
    case grey = 0
    /// Blue.
    case blue
    /// Red.
    case red
    /// Yellow.
    case yellow
    /// Green.
    case green
    /// Pink.
    case pink
    /// Purple.
    case purple
    /// Cyan.
    case cyan
    /// Orange.
    case orange
}

/// How a tab group looks: its title, colour and whether it is collapsed.
public struct TabGroupVisualData: Equatable, Hashable, Sendable {
    /// The title.
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
