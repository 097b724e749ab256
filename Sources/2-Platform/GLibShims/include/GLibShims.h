/* What Swift cannot call directly in GLib and GObject: variadic constructors,
 * function-like macros, and the bridge between GLib's main loop and the Dispatch main
 * queue (which serves Swift's main actor on Linux). */
#pragma once
#include <glib.h>
#include <glib-object.h>

G_BEGIN_DECLS

/* ---- Objects ------------------------------------------------------------------------ */

/* A new object of `type` with no construct properties (g_object_new(type, NULL)). */
gpointer gshim_object_new(GType type);

/* G_TYPE_OBJECT (a macro). */
GType gshim_type_object(void);

/* G_IS_OBJECT(pointer). */
gboolean gshim_is_object(gpointer pointer);

/* g_type_name(G_OBJECT_TYPE(object)). */
const char *gshim_object_type_name(gpointer object);

/* The object's current reference count (diagnostics and tests). */
guint gshim_object_ref_count(gpointer object);

/* ---- Closures and values ----------------------------------------------------------- */

/* closure->data (the bit-field struct is awkward from Swift). */
gpointer gshim_closure_get_data(GClosure *closure);

/* G_VALUE_TYPE(value). */
GType gshim_value_type(const GValue *value);

/* ---- GLib main loop <-> Dispatch main queue ------------------------------------------
 * libdispatch exposes (for CoreFoundation's run loop) an eventfd that becomes readable
 * when the main queue has work, and a function that drains the main queue on the main
 * thread. gshim_dispatch_source_new makes a GLib source watching that fd whose callback
 * reads (resets) the eventfd first, then drains the queue, so GLib's main loop also runs
 * DispatchQueue.main blocks and @MainActor jobs. Attach it to the main thread's context. */
GSource *gshim_dispatch_source_new(void);

/* Drains the Dispatch main queue now (main thread only). */
void gshim_dispatch_drain_main_queue(void);

/* How many times a dispatch source drained the main queue (diagnostics and tests). */
gulong gshim_dispatch_drain_count(void);

/* Whether the calling thread is the process's main thread. */
gboolean gshim_is_main_thread(void);

G_END_DECLS
