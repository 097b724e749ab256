/// What the user does with an info bar. The bar is already hidden when these arrive.
@MainActor
public protocol InfoBarCommands: AnyObject {
    /// The button `buttonID` of the info bar `infoBarID` was clicked.
    func infoBarButtonActivated(infoBarID: String, buttonID: String)
    /// The info bar `infoBarID` was closed with its close button.
    func infoBarDismissed(infoBarID: String)
}
