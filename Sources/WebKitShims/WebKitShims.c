#include "WebKitShims.h"

GtkWidget *wkshim_web_view_new(
    WebKitNetworkSession *session, WebKitWebView *related, WebKitUserContentManager *manager,
    WebKitSettings *settings) {
    if (related != NULL) {
        return GTK_WIDGET(g_object_new(
            WEBKIT_TYPE_WEB_VIEW, "related-view", related, "user-content-manager", manager, "settings",
            settings, NULL));
    }
    if (session != NULL) {
        return GTK_WIDGET(g_object_new(
            WEBKIT_TYPE_WEB_VIEW, "network-session", session, "user-content-manager", manager, "settings",
            settings, NULL));
    }
    return GTK_WIDGET(
        g_object_new(WEBKIT_TYPE_WEB_VIEW, "user-content-manager", manager, "settings", settings, NULL));
}

gboolean wkshim_texture_save_png(GdkTexture *texture, const char *path) {
    return gdk_texture_save_to_png(texture, path);
}

