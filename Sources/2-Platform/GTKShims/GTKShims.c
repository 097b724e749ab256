#include "GTKShims.h"

void gtkshim_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void gtkshim_set_accessible_description(GtkWidget *widget, const char *description) {
    if (description == NULL) {
        gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    } else {
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    }
}

gboolean gtkshim_accessible_description_is(GtkWidget *widget, const char *description) {
    char *mismatch =
        gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
    gboolean matches = mismatch == NULL;
    g_free(mismatch);
    return matches;
}

void gtkshim_emit(gpointer instance, const char *name) {
    g_signal_emit_by_name(instance, name);
}

void gtkshim_emit_object(gpointer instance, const char *name, gpointer object) {
    g_signal_emit_by_name(instance, name, object);
}

void gtkshim_emit_point(gpointer instance, const char *name, double x, double y) {
    g_signal_emit_by_name(instance, name, x, y);
}

void gtkshim_emit_entry_icon_press(gpointer entry, GtkEntryIconPosition position) {
    g_signal_emit_by_name(entry, "icon-press", position);
}

gboolean gtkshim_is_a(gpointer instance, GType type) {
    return G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

#define GTKSHIM_TYPE_INFO_BAR_FRAME (gtkshim_info_bar_frame_get_type())
G_DECLARE_FINAL_TYPE(GtkShimInfoBarFrame, gtkshim_info_bar_frame, GTKSHIM, INFO_BAR_FRAME, AdwBin)

struct _GtkShimInfoBarFrame {
    AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE(GtkShimInfoBarFrame, gtkshim_info_bar_frame, ADW_TYPE_BIN)

static void gtkshim_info_bar_frame_class_init(GtkShimInfoBarFrameClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    gtk_widget_class_set_css_name(widget_class, "infobar");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_ALERT);
}

static void gtkshim_info_bar_frame_init(GtkShimInfoBarFrame *self) {
    (void)self;
}

GtkWidget *gtkshim_info_bar_frame_new(void) {
    return g_object_new(GTKSHIM_TYPE_INFO_BAR_FRAME, NULL);
}

gboolean gtkshim_accessible_label_is(GtkWidget *widget, const char *label) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    gboolean matches = mismatch == NULL;
    g_free(mismatch);
    return matches;
}

gpointer gtkshim_emit_returning_object(gpointer instance, const char *name) {
    gpointer result = NULL;
    g_signal_emit_by_name(instance, name, &result);
    return result;
}

static void gtkshim_count_warning(const gchar *domain, GLogLevelFlags level, const gchar *message,
                                  gpointer count) {
    (*(guint *)count)++;
    g_log_default_handler(domain, level, message, NULL);
}

guint gtkshim_count_warnings(const char *domain, guint *count) {
    return g_log_set_handler(domain, G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL,
                             gtkshim_count_warning, count);
}

void gtkshim_stop_counting_warnings(const char *domain, guint handler_id) {
    g_log_remove_handler(domain, handler_id);
}

void gtkshim_drag_cancel(GdkDrag *drag, GdkDragCancelReason reason) {
    g_signal_emit_by_name(drag, "cancel", reason);
}
