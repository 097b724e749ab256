import Foundation

extension WebState {
    /// Marks the WebState shown: realizes, updates the last active time, notifies. Does
    /// nothing more if it is already shown.
    public func wasShown() {
        let content = realizedContent
        guard !isVisible else { return }
        content.wasShown()
        isVisible = true
        lastActiveTime = Date()
        observers?.forEach { $0.wasShown(self) }
    }

    /// Marks the WebState hidden and notifies; does nothing if it is not shown (an
    /// unrealized WebState never is).
    public func wasHidden() {
        guard isVisible else { return }
        content?.wasHidden()
        isVisible = false
        observers?.forEach { $0.wasHidden(self) }
    }
}
