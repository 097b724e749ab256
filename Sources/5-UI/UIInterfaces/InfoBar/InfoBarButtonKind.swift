/// What a button of an info bar does, sent back when it is clicked.
public enum InfoBarButtonKind: String, Sendable, CaseIterable {
    /// Restores what the bar offers (the crashed session's windows).
    case restore
    /// Declines the offer and closes the bar.
    case dismiss
    /// Opens what the bar holds back (the blocked pop-ups).
    case open
    /// Grants what the bar asks (a permission).
    case allow
    /// Refuses what the bar asks (a permission).
    case block
}
