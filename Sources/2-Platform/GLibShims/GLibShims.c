#include "GLibShims.h"

#include <glib-unix.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

gpointer gshim_object_new(GType type) { return g_object_new(type, NULL); }

GType gshim_type_object(void) { return G_TYPE_OBJECT; }

gboolean gshim_is_object(gpointer pointer) { return pointer != NULL && G_IS_OBJECT(pointer); }

const char *gshim_object_type_name(gpointer object) { return G_OBJECT_TYPE_NAME(object); }

guint gshim_object_ref_count(gpointer object) {
    return g_atomic_int_get((gint *)&G_OBJECT(object)->ref_count);
}

gpointer gshim_closure_get_data(GClosure *closure) { return closure->data; }

GType gshim_value_type(const GValue *value) { return G_VALUE_TYPE(value); }

/* ---- GLib main loop <-> Dispatch main queue ---------------------------------------- */

/* Exported by libdispatch for CoreFoundation's run loop. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gulong drain_count = 0;

static gboolean dispatch_fd_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    eventfd_t value;
    /* Reset the eventfd before draining: a wake-up posted while draining then stays
     * pending and is seen on the next iteration. Draining first would either lose it or,
     * if never read, leave the fd readable forever and spin the loop. */
    (void)eventfd_read(fd, &value);
    drain_count++;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

GSource *gshim_dispatch_source_new(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
    g_source_set_callback(source, (GSourceFunc)(void (*)(void))dispatch_fd_ready, NULL, NULL);
    g_source_set_name(source, "Dispatch main queue");
    return source;
}

void gshim_dispatch_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }

gulong gshim_dispatch_drain_count(void) { return drain_count; }

gboolean gshim_is_main_thread(void) { return (pid_t)syscall(SYS_gettid) == getpid(); }
