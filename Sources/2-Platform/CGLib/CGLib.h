/* GLib, GObject and GIO, as one system module for Swift. */
#pragma once
#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>
