/// A tab group as the tab strip shows it.
public struct TabStripGroup: Equatable, Sendable {
    /// The group's title.
    public var title: String
    /// The group's colour, as a CSS colour name of the palette (`"blue"`, `"red"` …).
    public var colorName: String

    public init(title: String, colorName: String) {
        self.title = title
        self.colorName = colorName
    }
}
