#include "GLShims.h"

#include <epoxy/gl.h>

char *glshim_display_gl_renderer(GdkDisplay *display, GError **error) {
    GdkGLContext *context = gdk_display_create_gl_context(display, error);
    if (context == NULL) {
        return NULL;
    }
    if (!gdk_gl_context_realize(context, error)) {
        g_object_unref(context);
        return NULL;
    }
    gdk_gl_context_make_current(context);
    const GLubyte *renderer = glGetString(GL_RENDERER);
    char *copy = renderer != NULL ? g_strdup((const char *)renderer) : g_strdup("");
    gdk_gl_context_clear_current();
    g_object_unref(context);
    return copy;
}
