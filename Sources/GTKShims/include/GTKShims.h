/* What Swift cannot call in GTK 4 and libadwaita: variadic functions and macros. */
#pragma once
#include <adwaita.h>

/* gtk_accessible_update_property(w, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1) (variadic). */
void gtkshim_set_accessible_label(GtkWidget *widget, const char *label);

/* g_signal_emit_by_name(instance, name) for a signal without arguments or return value. */
void gtkshim_emit(gpointer instance, const char *name);

/* g_signal_emit_by_name(instance, name, object) for a signal taking one object (or NULL). */
void gtkshim_emit_object(gpointer instance, const char *name, gpointer object);

/* G_TYPE_CHECK_INSTANCE_TYPE(instance, type) (a macro). */
gboolean gtkshim_is_a(gpointer instance, GType type);
