/* What Swift cannot call directly in WebKitGTK and GDK: variadic constructors. Used by the
 * WebKit engine only. */
#pragma once
#include <webkit/webkit.h>

G_BEGIN_DECLS

/* A web view using `session` (the "network-session" construct property); when `related`
 * is given, a view sharing its web process and session instead ("related-view"). Its user
 * scripts and script message handlers are `manager`'s ("user-content-manager"), its settings
 * `settings` ("settings"). The result is floating, like every new GtkWidget. */
GtkWidget *wkshim_web_view_new(
    WebKitNetworkSession *session, WebKitWebView *related, WebKitUserContentManager *manager,
    WebKitSettings *settings);

/* Saves `texture` as a PNG file at `path` (8-bit RGBA, straight alpha), with libpng set for
 * speed: the headless runner's screenshot waits for it. FALSE if the file could not be
 * written. */
gboolean wkshim_texture_save_png(GdkTexture *texture, const char *path);

G_END_DECLS
