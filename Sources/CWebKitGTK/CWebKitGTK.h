/* WebKitGTK 6.0, GTK 4 and GLib, as one system module for Swift. */
#pragma once
#include <gtk/gtk.h>
#include <webkit/webkit.h>
#include <glib-unix.h>
