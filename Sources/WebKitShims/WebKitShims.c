#include "WebKitShims.h"

GtkWidget *wkshim_web_view_new(WebKitNetworkSession *session, WebKitWebView *related) {
    if (related != NULL) {
        return GTK_WIDGET(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, NULL));
    }
    if (session != NULL) {
        return GTK_WIDGET(g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, NULL));
    }
    return GTK_WIDGET(g_object_new(WEBKIT_TYPE_WEB_VIEW, NULL));
}

gboolean wkshim_texture_save_png(GdkTexture *texture, const char *path) {
    return gdk_texture_save_to_png(texture, path);
}

