import CAdwaita
import CGLib

/// The tab strips of the application, which a tab dragged out of one strip's bar may be
/// dropped on (any AdwTabBar of the process takes any tab), and the view a tab dropped on no
/// bar lands in. The application makes one and hands it to every strip it makes; the strips
/// register themselves and are held weakly.
@MainActor
public final class TabStripRegistry {
    private var strips: [WeakTabStrip] = []

    /// The view "create-window" returns, shared by every strip of the registry and never
    /// shown: a page dropped on no tab bar lands there until its strip takes it back. Made
    /// when first asked for (a registry may be made before GTK is up).
    ///
    /// AdwTabView's "create-window" handler must return a view. libadwaita 1.2 treats NULL
    /// as a programming error: `adw_tab_view_create_window` logs the critical warning
    /// "AdwTabView::create-window handler must not return NULL" and only then puts the
    /// page back where it was. Returning this view instead is quiet (the page is attached to
    /// it, selected there, and the transfer ends as for any drop), and it keeps the model the
    /// only source of truth: the strip takes the page back on idle and sends
    /// `moveTabToNewWindow`, and the new window shows the tab from its own push. The signal's
    /// return value takes a reference libadwaita never drops: once returned, the view
    /// outlives the registry.
    var newWindowView: OpaquePointer {
        if let madeNewWindowView { return madeNewWindowView }
        let view = adw_tab_view_new()!
        _ = g_object_ref_sink(UnsafeMutableRawPointer(view))
        adw_tab_view_set_shortcuts(view, ADW_TAB_VIEW_SHORTCUT_NONE)
        madeNewWindowView = view
        return view
    }
    private var madeNewWindowView: OpaquePointer?

    public init() {}

    isolated deinit {
        if let madeNewWindowView { g_object_unref(UnsafeMutableRawPointer(madeNewWindowView)) }
    }

    /// Adds `strip` (forgetting the strips that went away).
    func register(_ strip: TabStripViewController) {
        strips.removeAll { $0.strip == nil }
        strips.append(WeakTabStrip(strip: strip))
    }

    /// The strips still alive, in the order they registered.
    var liveStrips: [TabStripViewController] { strips.compactMap(\.strip) }

    /// The strip whose dragged tab's page is `page`.
    func strip(dragging page: OpaquePointer) -> TabStripViewController? {
        strips.lazy.compactMap(\.strip).first { $0.isDragging(page) }
    }
}

/// A strip, held weakly in a registry.
@MainActor
private struct WeakTabStrip {
    weak var strip: TabStripViewController?
}
