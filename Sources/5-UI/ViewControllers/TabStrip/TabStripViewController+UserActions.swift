import CAdwaita
import CGTK
import GLibSupport

// What the user does to the pages in the bar: each is sent as a command, and the view goes
// back to what was pushed once the command is over.

extension TabStripViewController {
    /// Sends what the user does to the pages in the bar: a close, a reorder, a selection.
    func connectUserActions() {
        let view = UnsafeMutableRawPointer(tabView)
        connections.append(
            SignalConnection.connect(view, signal: "close-page") { [weak self] args in
                args.setReturnValue(true)  // handled here: the default handler must not run
                guard let self, let page = args.object(at: 1) else { return }
                if applyingPush > 0 || id(of: page) == nil {
                    adw_tab_view_close_page_finish(tabView, OpaquePointer(page), 1)
                    return
                }
                adw_tab_view_close_page_finish(tabView, OpaquePointer(page), 0)
                if let id = id(of: page) { tabStrip.send { $0.closeTab(id) } }
            })
        connections.append(
            SignalConnection.connect(view, signal: "page-reordered") { [weak self] args in
                guard let self, applyingPush == 0, let id = id(of: args.object(at: 1)) else { return }
                let index = orderIndex(ofViewPosition: Int(args.int(at: 2)), for: id)
                tabStrip.send { $0.moveTab(id, to: index) }
                scheduleReconcile()
            })
        connections.append(
            SignalConnection.connect(view, signal: "notify::selected-page") { [weak self] _ in
                // A transfer (a drag) selects another page when it takes one away, and the
                // page it brings: neither is the user's choice.
                guard let self, applyingPush == 0, adw_tab_view_get_is_transferring_page(tabView) == 0 else {
                    return
                }
                let selected = adw_tab_view_get_selected_page(tabView).map { UnsafeMutableRawPointer($0) }
                guard let id = id(of: selected), id != selectedID else { return }
                tabStrip.send { $0.selectTab(id) }
                scheduleReconcile()
            })
    }

    /// Reconciles once the current user action and its command are over.
    private func scheduleReconcile() {
        guard reconcileSource == nil else { return }
        reconcileSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            reconcileSource = nil
            reconcile()
        }
    }
}
