/* GTK 4 (with GDK), as one system module for Swift. */
#pragma once
#include <gtk/gtk.h>
