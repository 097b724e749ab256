import CAdwaita
import CGTK
import GLibSupport
import UIInterfaces

// Dragging a tab out of the bar moves its page between AdwTabViews: libadwaita detaches it
// from this view when the drag begins and attaches it where it is dropped — back into this
// bar, into another window's bar (any AdwTabBar of the process takes it), or, dropped on no
// bar, into the view "create-window" returns (the registry's `newWindowView`). None of that
// is kept: once the drag is over (on idle, outside libadwaita's drag code), the page comes
// back to this view where the push left it, and the strip sends the command —
// `moveTab(_:to:)`, ``SceneCommands/moveTabToNewWindow(_:)`` or, for a drop on another
// strip of the registry, whose window the strip learns from that strip,
// ``SceneCommands/moveTab(_:toWindow:at:)``. The mediators then push the lists, and each
// strip shows its own.

extension TabStripViewController {
    /// Whether `page` is this strip's dragged tab.
    func isDragging(_ page: OpaquePointer) -> Bool { drag?.page == page }

    /// Follows the pages libadwaita's drags take out of the view and bring into it.
    func connectDragSignals() {
        let view = UnsafeMutableRawPointer(tabView)
        connections.append(
            SignalConnection.connect(view, signal: "page-detached") { [weak self] args in
                // Outside a push, only a drag takes a page away: AdwTabBar's, out of the bar.
                guard let self, applyingPush == 0, let page = args.object(at: 1), let id = id(of: page) else {
                    return
                }
                drag = TabDrag(id: id, page: OpaquePointer(page))
            })
        connections.append(
            SignalConnection.connect(view, signal: "page-attached") { [weak self] args in
                // The end of a drag: this strip's page back, or another strip's dropped here.
                guard let self, applyingPush == 0, let page = args.object(at: 1) else { return }
                let position = Int(args.int(at: 2))
                if let drag, drag.page == OpaquePointer(page) {
                    self.drag?.droppedAt = orderIndex(ofViewPosition: position, for: drag.id)
                } else if id(of: page) == nil {
                    droppedPages.append((OpaquePointer(page), orderIndex(ofViewPosition: position, for: nil)))
                }
                scheduleDragEnd()
            })
        connections.append(
            SignalConnection.connect(view, signal: "create-window") { [weak self, registry] args in
                // A tab dropped on no tab bar. See TabStripRegistry.newWindowView for why not NULL.
                args.setReturnValue(object: UnsafeMutableRawPointer(registry.newWindowView))
                self?.scheduleDragEnd()
            })
    }

    /// Ends drags once libadwaita is done with them (its drag code must not see its views
    /// change under it).
    private func scheduleDragEnd() {
        guard dragEndSource == nil else { return }
        dragEndSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            dragEndSource = nil
            endDrags()
        }
    }

    /// Hands pages dropped here back to the strips they came from, which send the move to
    /// this window; takes this strip's dragged page back from wherever it was dropped
    /// (this view, or the view "create-window" returned) and sends the move it stands for.
    private func endDrags() {
        let dropped = droppedPages
        droppedPages = []
        for (page, index) in dropped where Self.pages(of: tabView).contains(page) {
            guard let source = registry.strip(dragging: page) else { continue }  // closed by reconcile()
            let id = source.takeBackDraggedPage(from: tabView)
            if let id, let window {
                source.scene.send { $0.moveTab(id, toWindow: window, at: index) }
            }
        }
        let newWindowView = registry.newWindowView
        if let drag {
            if let index = drag.droppedAt, contains(drag.page) {
                // Dropped back on this bar (or the drag was cancelled): a reorder.
                self.drag = nil
                if !drag.isClosed, index != order.firstIndex(of: drag.id) {
                    tabStrip.send { $0.moveTab(drag.id, to: index) }
                }
            } else if Self.pages(of: newWindowView).contains(drag.page) {
                if let id = takeBackDraggedPage(from: newWindowView) {
                    scene.send { $0.moveTabToNewWindow(id) }
                }
            }
        }
        // A page no strip waits for (its strip went away during the drag).
        for page in Self.pages(of: newWindowView) where registry.strip(dragging: page) == nil {
            adw_tab_view_close_page(newWindowView, page)
        }
        reconcile()
    }

    /// Ends this strip's drag: its page comes back from `view` (where the drop left it) to
    /// this view, at its pushed place, or closes there when its tab went away meanwhile.
    /// Returns the dragged tab, unless it went away.
    private func takeBackDraggedPage(from view: OpaquePointer) -> TabIdentifier? {
        guard let drag else { return nil }
        self.drag = nil
        applyingPush += 1
        defer { applyingPush -= 1 }
        if drag.isClosed {
            adw_tab_view_close_page(view, drag.page)
            return nil
        }
        let pinned = Int(adw_tab_view_get_n_pinned_pages(tabView))
        let count = Int(adw_tab_view_get_n_pages(tabView))
        let index = min(max(order.firstIndex(of: drag.id) ?? count, pinned), count)
        adw_tab_view_transfer_page(view, drag.page, tabView, Int32(index))
        reconcile()
        return drag.id
    }
}
