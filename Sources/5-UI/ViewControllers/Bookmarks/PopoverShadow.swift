import CGLib
import CGTK

/// Takes the shadow off `popover` where the display has no compositor (Xvfb, a bare X
/// server): its transparent margin would be drawn black around the popover there (the
/// location bar's dropdown does the same).
@MainActor
func dropShadowWithoutCompositor(of popover: UnsafeMutablePointer<GtkWidget>) {
    guard let display = gdk_display_get_default(), gdk_display_is_composited(display) == 0 else { return }
    gtk_widget_add_css_class(popover, "without-shadow")
    guard !isShadowStyleInstalled else { return }
    isShadowStyleInstalled = true
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(
        provider, "popover.without-shadow > contents { box-shadow: none; margin: 0; }", -1)
    gtk_style_context_add_provider_for_display(
        display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(UnsafeMutableRawPointer(provider))
}

@MainActor private var isShadowStyleInstalled = false
