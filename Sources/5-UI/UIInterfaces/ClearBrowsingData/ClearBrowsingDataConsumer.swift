/// What the Clear Browsing Data mediator tells the window.
@MainActor
public protocol ClearBrowsingDataConsumer: AnyObject {
    /// What was asked is deleted (the engine and the history file are done).
    func browsingDataCleared()
}
