/* WebKitGTK 6.0 (which pulls in GTK 4 and GLib), as one system module for Swift. */
#pragma once
#include <webkit/webkit.h>
