#ifndef SWIFTLET_GL_SHIMS_H
#define SWIFTLET_GL_SHIMS_H

#include <gtk/gtk.h>

/* What GTKSupport asks of OpenGL, through libepoxy (GTK's own GL loader): Swift cannot call
 * epoxy's dispatch macros. */

/* The GL_RENDERER string of a GL context GDK makes on `display` (e.g. "llvmpipe (LLVM 15.0.6,
 * 256 bits)"), newly allocated (g_free it), or NULL when GDK cannot make a GL context there;
 * `error` then says why (may be NULL). The context is made current for the query only and
 * released. */
char *glshim_display_gl_renderer(GdkDisplay *display, GError **error);

#endif
