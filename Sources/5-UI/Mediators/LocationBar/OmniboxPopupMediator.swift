public import Foundation
public import Omnibox
public import Prerender
public import TabModel
public import UIInterfaces
public import Web

/// Between the location entry and the autocomplete controller: runs it on each edit, pushes
/// the rows and the entry's text (the inline completion, a row chosen with the arrows) to the
/// ``OmniboxPopupConsumer``, and opens what the user picks. After Chromium's
/// `OmniboxEditModel` and `OmniboxPopupModel` (components/omnibox/browser/); the text itself
/// is kept by the Omnibox library's ``OmniboxEditModel``. The rows of pages carry their
/// favicons from the profile's ``FaviconLoader``: those it has in memory at once, the others
/// asked of the engine's favicon database off the main thread and pushed again with the rows
/// when they arrive (Chromium's `OmniboxPopupViewViews` gets them from its `FaviconCache`).
///
/// With a ``PrerenderBrowserAgent``, a default match that is a page of the history is loaded
/// before Enter: at once when it is completed inline, after
/// ``PrerenderService/prerenderDelay`` otherwise (Chromium's omnibox asks its
/// `PrerenderService` for `immediately` when the match is inline-completed). Enter on it
/// shows the prerendered tab; another default match, or the dropdown closing, ends it.
@MainActor
public final class OmniboxPopupMediator: OmniboxCommands, FaviconLoaderObserver {
    private let webStateList: WebStateList
    private let model: OmniboxEditModel
    private let webStateFactory: WebStateFactory
    private let switchToTab: @MainActor (WebStateID) -> Void
    private let prerender: PrerenderBrowserAgent?
    private var state = MediatorState("OmniboxPopupMediator")
    /// The row chosen with the arrow keys; nil: the default one.
    private var selected: Int?
    /// What the user typed in the entry for the active tab and has not opened.
    private var typedText: String?
    /// What was typed for the other tabs, shown again when they come back (Chromium keeps the
    /// omnibox's state per tab: `OmniboxEditModel::GetStateForTabSwitch`).
    private var typedTextByTab: [WebStateID: String] = [:]
    private var activeTab: WebStateID?
    private var activeTabObservation: ActiveTabChangeObserver?
    private let faviconLoader: FaviconLoader?

    /// The dropdown. Held weakly.
    public weak var consumer: (any OmniboxPopupConsumer)? {
        didSet { state.check("consumer") }
    }

    /// Opens what is chosen in `webStateList`'s active tab, or in a new tab made by
    /// `webStateFactory`; a "Switch to Tab" row calls `switchToTab` with the tab. Rows of
    /// pages get their favicons from `faviconLoader`; `prerender` loads the default match
    /// before Enter.
    public init(
        webStateList: WebStateList, controller: AutocompleteController,
        webStateFactory: @escaping WebStateFactory, switchToTab: @escaping @MainActor (WebStateID) -> Void,
        faviconLoader: FaviconLoader? = nil, prerender: PrerenderBrowserAgent? = nil
    ) {
        self.prerender = prerender
        self.webStateList = webStateList
        self.faviconLoader = faviconLoader
        model = OmniboxEditModel(controller: controller)
        self.webStateFactory = webStateFactory
        self.switchToTab = switchToTab
        activeTab = webStateList.activeWebStateIfAlive?.id
        activeTabObservation = ActiveTabChangeObserver(list: webStateList) { [weak self] in
            self?.activeTabChanged()
        }
        faviconLoader?.addObserver(self)
    }

    /// Stops; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        activeTabObservation = nil
        prerender?.cancelPrerender(reason: .locationBarClosed)
        faviconLoader?.removeObserver(self)
    }

    private func activeTabChanged() {
        let newTab = webStateList.activeWebStateIfAlive?.id
        guard newTab != activeTab else { return }
        if let old = activeTab, let typedText, !typedText.isEmpty { typedTextByTab[old] = typedText }
        activeTab = newTab
        close()
        typedText = newTab.flatMap { typedTextByTab.removeValue(forKey: $0) }
        consumer?.showTabText(typedText: typedText)
    }

    /// The rows shown now.
    public var result: AutocompleteResult { model.result }

    // MARK: OmniboxCommands

    public func omniboxTextChanged(from before: OmniboxTextState, to after: OmniboxTextState) {
        state.check(#function)
        selected = nil
        let shown = model.textChanged(from: Self.editState(before), to: Self.editState(after))
        typedText = model.userText
        if shown.text != after.text || shown.selection != after.selection {
            consumer?.setEntryState(OmniboxTextState(text: shown.text, selection: shown.selection))
        }
        pushRows()
        updatePrerender()
    }

    public func omniboxMoveSelection(by offset: Int) -> Bool {
        state.check(#function)
        let matches = model.result.matches
        guard !matches.isEmpty else { return false }
        let current = selected ?? 0
        let next = min(max(current + offset, 0), matches.count - 1)
        selected = next
        let text = Self.entryText(for: matches[next])
        consumer?.setEntryState(OmniboxTextState(text: text, selection: text.count..<text.count))
        pushRows()
        return true
    }

    public func omniboxOpenSelection(inNewTab: Bool) -> Bool {
        state.check(#function)
        let matches = model.result.matches
        guard let match = selected.map({ matches[$0] }) ?? model.result.defaultMatch else { return false }
        open(match, inNewTab: inNewTab)
        return true
    }

    public func omniboxOpenRow(_ index: Int) {
        state.check(#function)
        let matches = model.result.matches
        guard matches.indices.contains(index) else { return }
        open(matches[index], inNewTab: false)
    }

    public func omniboxDeleteSelection() -> Bool {
        state.check(#function)
        let matches = model.result.matches
        guard let index = selected, matches.indices.contains(index), matches[index].type == .historyURL else {
            return false
        }
        model.controller.deleteMatch(matches[index])
        selected = model.result.matches.isEmpty ? nil : min(index, model.result.matches.count - 1)
        pushRows()
        return true
    }

    public func omniboxEscape() -> Bool {
        state.check(#function)
        guard !model.result.matches.isEmpty else { return false }
        if selected != nil {
            // First Escape: what was typed comes back (with its completion).
            selected = nil
            let typed = model.state
            consumer?.setEntryState(OmniboxTextState(text: typed.text, selection: typed.selection))
            pushRows()
        } else {
            close()
        }
        return true
    }

    public func omniboxClose() {
        state.check(#function)
        close()
    }

    public func omniboxTypedTextReplaced() {
        state.check(#function)
        // The URL of a tab becoming active replaces the text first: what was typed is kept for
        // the tab left (``activeTabChanged()``).
        guard webStateList.activeWebStateIfAlive?.id == activeTab else { return }
        typedText = nil
    }

    // MARK: FaviconLoaderObserver

    public func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL) {
        guard !state.isDisconnected,
            model.result.matches.contains(where: { Self.hasFavicon($0) && $0.destinationURL == pageURL })
        else { return }
        pushRows()
    }

    // MARK: Private

    private func close(cancelling reason: PrerenderCancelReason? = .locationBarClosed) {
        if let reason { prerender?.cancelPrerender(reason: reason) }
        selected = nil
        model.setUserText("")
        consumer?.setRows([], selected: nil)
    }

    private func open(_ match: AutocompleteMatch, inNewTab: Bool) {
        typedText = nil
        if !inNewTab, match.type != .openTab, let prerender,
            prerender.loadPrerenderedURL(match.destinationURL, transition: match.transition)
        {
            close(cancelling: nil)
            return
        }
        close(cancelling: .notUsed)
        if match.type == .openTab, let tab = match.tabID, !inNewTab {
            switchToTab(tab)
            return
        }
        if inNewTab {
            let webState = webStateFactory(match.destinationURL)
            webStateList.insert(webState, .automatic.activating())
            webState.load(match.destinationURL, transition: match.transition)
        } else {
            webStateList.activeWebStateIfAlive?.load(match.destinationURL, transition: match.transition)
        }
    }

    /// Prerenders the default match if it is a page of the history over http(s), else ends
    /// the prerender.
    private func updatePrerender() {
        guard let prerender else { return }
        guard let match = model.result.defaultMatch, match.type == .historyURL,
            PrerenderService.canPrerender(match.destinationURL)
        else {
            prerender.cancelPrerender(reason: .otherMatch)
            return
        }
        prerender.startPrerender(
            url: match.destinationURL, transition: match.transition,
            immediately: !model.inlineAutocompletion.isEmpty)
    }

    private func pushRows() {
        let matches = model.result.matches
        let rows = matches.map { match in
            var row = Self.row(match)
            if Self.hasFavicon(match) {
                row.favicon = faviconLoader?.favicon(forPageURL: match.destinationURL)
            }
            return row
        }
        consumer?.setRows(rows, selected: matches.isEmpty ? nil : (selected ?? 0))
    }

    /// Whether `match`'s row shows its page's favicon (a page, not a search or what was
    /// typed).
    private static func hasFavicon(_ match: AutocompleteMatch) -> Bool {
        switch match.type {
        case .historyURL, .bookmark, .openTab: true
        case .search, .urlWhatYouTyped: false
        }
    }

    /// What the entry shows when `match`'s row is chosen with the arrows: its URL (the
    /// search terms for a search).
    public static func entryText(for match: AutocompleteMatch) -> String {
        switch match.type {
        case .search: match.contents
        case .urlWhatYouTyped: match.fillIntoEdit
        default: match.destinationURL.absoluteString
        }
    }

    public static func row(_ match: AutocompleteMatch) -> OmniboxPopupRow {
        switch match.type {
        case .search:
            OmniboxPopupRow(kind: .search, title: match.contents, url: "")
        case .urlWhatYouTyped:
            OmniboxPopupRow(kind: .typedURL, title: match.contents, url: "")
        case .openTab:
            OmniboxPopupRow(
                kind: .switchToTab, title: match.description.isEmpty ? match.contents : match.description,
                titleBold: match.description.isEmpty ? match.contentsMatches : match.descriptionMatches,
                url: match.contents, urlBold: match.contentsMatches)
        case .historyURL, .bookmark:
            OmniboxPopupRow(
                kind: .page, title: match.description.isEmpty ? match.contents : match.description,
                titleBold: match.description.isEmpty ? match.contentsMatches : match.descriptionMatches,
                url: match.contents, urlBold: match.contentsMatches)
        }
    }

    private static func editState(_ state: OmniboxTextState) -> OmniboxEditState {
        OmniboxEditState(text: state.text, selection: state.selection)
    }
}
