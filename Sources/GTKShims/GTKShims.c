#include "GTKShims.h"

void gtkshim_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void gtkshim_emit(gpointer instance, const char *name) {
    g_signal_emit_by_name(instance, name);
}

void gtkshim_emit_object(gpointer instance, const char *name, gpointer object) {
    g_signal_emit_by_name(instance, name, object);
}

gboolean gtkshim_is_a(gpointer instance, GType type) {
    return G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}
