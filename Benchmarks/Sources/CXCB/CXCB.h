/* libxcb, as one system module for Swift: `make bench-peers` watches the X server for the
 * moment each browser's window is mapped, the same way for every browser. */
#pragma once
#include <xcb/xcb.h>
