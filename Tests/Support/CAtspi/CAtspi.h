/* libatspi (AT-SPI 2), as one system module for Swift: the end-to-end tests find the
 * window's widgets by role and accessible name through it. */
#pragma once
#include <atspi/atspi.h>
