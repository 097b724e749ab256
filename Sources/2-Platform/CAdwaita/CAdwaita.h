/* libadwaita 1 (on GTK 4), as one system module for Swift. */
#pragma once
#include <adwaita.h>
