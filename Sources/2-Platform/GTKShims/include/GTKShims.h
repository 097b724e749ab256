/* What Swift cannot call in GTK 4 and libadwaita: variadic functions and macros. */
#pragma once
#include <adwaita.h>

/* gtk_accessible_update_property(w, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1) (variadic). */
void gtkshim_set_accessible_label(GtkWidget *widget, const char *label);

/* Sets the accessible description of `widget` (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), or
 * resets it when `description` is NULL. */
void gtkshim_set_accessible_description(GtkWidget *widget, const char *description);

/* Whether the accessible description of `widget` is `description` (GTK's test accessible
 * check; needs GTK_A11Y=test). */
gboolean gtkshim_accessible_description_is(GtkWidget *widget, const char *description);

/* g_signal_emit_by_name(instance, name) for a signal without arguments or return value. */
void gtkshim_emit(gpointer instance, const char *name);

/* g_signal_emit_by_name(instance, name, object) for a signal taking one object (or NULL). */
void gtkshim_emit_object(gpointer instance, const char *name, gpointer object);

/* g_signal_emit_by_name(instance, name, x, y) for a signal taking two doubles (a motion
 * controller's "enter" and "motion"), for tests. */
void gtkshim_emit_point(gpointer instance, const char *name, double x, double y);

/* g_signal_emit_by_name(entry, "icon-press", position) (a GtkEntry's icon clicked), for tests. */
void gtkshim_emit_entry_icon_press(gpointer entry, GtkEntryIconPosition position);

/* G_TYPE_CHECK_INSTANCE_TYPE(instance, type) (a macro). */
gboolean gtkshim_is_a(gpointer instance, GType type);

/* A container drawn as GTK's info bar without the deprecated GtkInfoBar: an AdwBin whose CSS
 * node is "infobar" and whose accessible role is alert. Give it a GtkRevealer holding a
 * horizontal GtkBox, and one of the "info", "question", "warning" or "error" CSS classes,
 * and the theme styles it as an info bar ("infobar > revealer > box"; buttons with the
 * "close" class inside get the info bar's close button look). */
GtkWidget *gtkshim_info_bar_frame_new(void);

/* Whether widget's accessible label (GTK_ACCESSIBLE_PROPERTY_LABEL) is label, for tests
 * (gtk_test_accessible_check_property is variadic). */
gboolean gtkshim_accessible_label_is(GtkWidget *widget, const char *label);

/* g_signal_emit_by_name(instance, name, &result) for a signal without arguments that returns
 * an object (AdwTabView's "create-window"), for tests: what the handlers returned, or NULL,
 * with the reference the emission gives its caller. */
gpointer gtkshim_emit_returning_object(gpointer instance, const char *name);

/* Counts the warnings and critical warnings logged in `domain` (e.g. "Adwaita") into *count
 * from now on, still printing them; for tests. Pass the result to
 * gtkshim_stop_counting_warnings (before *count goes away). */
guint gtkshim_count_warnings(const char *domain, guint *count);

/* Stops a gtkshim_count_warnings count. */
void gtkshim_stop_counting_warnings(const char *domain, guint handler_id);

/* What GDK's private gdk_drag_cancel(drag, reason) does: emits the GdkDrag's "cancel" signal,
 * whose class handler ends the drag. */
void gtkshim_drag_cancel(GdkDrag *drag, GdkDragCancelReason reason);
