public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its find bar: carries out the
/// ``FindInPageCommands`` with the active tab's ``FindTabHelper`` and pushes the bar's
/// visibility and the match counts to the ``FindBarConsumer``.
///
/// The helper never realizes its tab: a search in a tab still unrealized waits for it. The
/// bar closes (and the search is dismissed) when another tab becomes active.
@MainActor
public final class FindBarMediator: FindInPageCommands, FindTabHelper.ResponseDelegate {
    private let webStateList: WebStateList
    private var state = MediatorState("FindBarMediator")
    private var listObserver: ActiveTabChangeObserver?
    private weak var helper: FindTabHelper?
    private var isVisible = false
    private var current = 0
    private var total: Int?

    /// The find bar; set it to push the state at once. Held weakly.
    public weak var consumer: (any FindBarConsumer)? {
        didSet {
            state.check("consumer")
            consumer?.setVisible(isVisible)
            consumer?.setMatches(current: current, total: total)
        }
    }

    /// Starts observing `webStateList`'s active tab.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        listObserver = ActiveTabChangeObserver(list: webStateList) { [weak self] in self?.activeTabChanged() }
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        listObserver = nil
        helper?.responseDelegate = nil
        helper = nil
    }

    private func activeTabChanged() {
        guard isVisible else { return }
        endSearch()
        setVisible(false)
    }

    private func setVisible(_ visible: Bool) {
        guard visible != isVisible else { return }
        isVisible = visible
        consumer?.setVisible(visible)
    }

    private func setMatches(current: Int, total: Int?) {
        self.current = current
        self.total = total
        consumer?.setMatches(current: current, total: total)
    }

    private func endSearch() {
        if let helper {
            helper.dismiss()
            helper.responseDelegate = nil
        }
        helper = nil
        if total != nil || current != 0 { setMatches(current: 0, total: nil) }
    }

    // MARK: FindInPageCommands

    public func showFindBar() {
        state.check(#function)
        setVisible(true)
    }

    /// Searches the active tab for `text`; an empty text clears the search.
    public func find(_ text: String) {
        state.check(#function)
        guard !text.isEmpty, !webStateList.isDestroyed, let webState = webStateList.activeWebState else {
            endSearch()
            return
        }
        let tabHelper = FindTabHelper.attach(to: webState)
        if helper !== tabHelper { endSearch() }
        helper = tabHelper
        tabHelper.responseDelegate = self
        tabHelper.find(text)
    }

    /// Selects the next match (wrapping around).
    public func findNext() {
        state.check(#function)
        guard let helper, let total, total > 0 else { return }
        helper.findNext()
        setMatches(current: current % total + 1, total: total)
    }

    /// Selects the previous match (wrapping around).
    public func findPrevious() {
        state.check(#function)
        guard let helper, let total, total > 0 else { return }
        helper.findPrevious()
        setMatches(current: (current + total - 2) % total + 1, total: total)
    }

    /// Hides the bar and clears the search.
    public func hideFindBar() {
        state.check(#function)
        endSearch()
        setVisible(false)
    }

    // MARK: FindTabHelper.ResponseDelegate

    /// Pushes a search's result: the first match selected.
    public func findTabHelper(_ helper: FindTabHelper, didFind matchCount: Int, for text: String) {
        guard helper === self.helper else { return }
        setMatches(current: matchCount > 0 ? 1 : 0, total: matchCount)
    }
}
