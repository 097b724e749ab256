/// One entry of the menu Back and Forward show on a right-click or a long press: a page of
/// the active tab's own history (Chromium's tab history popup,
/// `ios/chrome/browser/ui/popup_menu/` "tab history").
public struct TabHistoryItem: Equatable, Sendable {
    /// The entry's index in the tab's history, which ``NavigationCommands/goToHistoryItem(at:)``
    /// takes.
    public var index: Int
    /// The page's title, or its address when it has none.
    public var title: String

    public init(index: Int, title: String) {
        self.index = index
        self.title = title
    }
}
