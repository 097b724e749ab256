import GLibSupport
import TabModel

/// Calls its closure when a list loses its last tab (its window then closes) — from the main
/// loop, after the change: closing the window from inside the list's notification would
/// change the list while it notifies.
@MainActor
final class WebStateListEmptyObserver: WebStateListObserver {
    private let webStateList: WebStateList
    private let action: @MainActor () -> Void
    private var isScheduled = false

    init(webStateList: WebStateList, action: @escaping @MainActor () -> Void) {
        self.webStateList = webStateList
        self.action = action
        webStateList.addObserver(self)
    }

    isolated deinit { webStateList.removeObserver(self) }

    func webStateListDidChange(
        _ webStateList: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard !webStateList.isBatchInProgress else { return }
        checkEmpty()
    }

    func webStateListBatchOperationEnded(_ webStateList: WebStateList) { checkEmpty() }

    private func checkEmpty() {
        guard webStateList.isEmpty, !isScheduled else { return }
        isScheduled = true
        _ = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            self.isScheduled = false
            if self.webStateList.isEmpty { self.action() }
        }
    }
}
