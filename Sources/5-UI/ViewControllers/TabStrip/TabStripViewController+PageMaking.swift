import CAdwaita
import CGTK
import GLibSupport

// Making the pages a large push left to make (see
// ``TabStripViewController/setTabs(_:selectedIndex:)``): on idle, a few at a time, once the
// selected tab is no longer loading or has waited long enough.

extension TabStripViewController {
    /// A push bringing more new tabs than this makes the pages around the selected tab at
    /// once and the others on idle, `pagesPerIdle` at a time.
    static let eagerPageCount = 40
    /// How many pages an idle callback makes: about 10 ms of main-thread work.
    static let pagesPerIdle = 25
    /// How long the pages still to be made wait for the selected tab's page, at most.
    static let makePagesWait: Duration = .seconds(1)

    /// Makes the pages still to be made on idle, ``pagesPerIdle`` per callback, in order.
    ///
    /// They wait while the selected tab loads (for ``makePagesWait`` at most): on two cores,
    /// a few hundred milliseconds of widget making would compete with the page the user is
    /// waiting for, and the bar already shows the tabs around the selected one.
    func scheduleMakingPages() {
        if pagesToMake.isEmpty {
            // All made: the next large push waits for its selected tab again.
            makePagesWaitAction?.cancel()
            makePagesWaitAction = nil
            mayMakePagesWhileLoading = false
            return
        }
        guard makePagesSource == nil else { return }
        if let selectedID, items[selectedID]?.isLoading == true, !mayMakePagesWhileLoading {
            guard makePagesWaitAction == nil else { return }
            makePagesWaitAction = clock.schedule(after: Self.makePagesWait) { [weak self] in
                guard let self else { return }
                makePagesWaitAction = nil
                mayMakePagesWhileLoading = true
                scheduleMakingPages()
            }
            return
        }
        makePagesSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            makePagesSource = nil
            applyingPush += 1
            defer { applyingPush -= 1 }
            var made = 0
            for id in order where pagesToMake.contains(id) {
                guard let item = items[id] else { continue }
                show(item)
                made += 1
                if made == Self.pagesPerIdle { break }
            }
            if made == 0 { pagesToMake.removeAll() }
            if made > 0 { scrollSelectedTabIntoView() }
            scheduleMakingPages()
        }
    }

    /// Scrolls the bar back to the selected tab. AdwTabBar scrolls to every page added
    /// unselected (libadwaita 1.2's AdwTabBox, `page_attached_cb`), and pages made on idle
    /// would leave the bar at the last of them; it has no scrolling API, but it scrolls to
    /// the tab a selection change selects, so the selection goes to another page and back
    /// while a push is applied (the view's selection is the strip's own: the content area
    /// shows the tab the model selected, and the tab view itself is never shown).
    private func scrollSelectedTabIntoView() {
        guard let selectedID, let page = pages[selectedID], adw_tab_view_get_n_pages(tabView) > 1,
            let first = adw_tab_view_get_nth_page(tabView, 0),
            let other = first != page ? first : adw_tab_view_get_nth_page(tabView, 1)
        else { return }
        adw_tab_view_set_selected_page(tabView, other)
        adw_tab_view_set_selected_page(tabView, page)
    }
}
