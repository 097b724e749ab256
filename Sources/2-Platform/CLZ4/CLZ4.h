/* LZ4's block format, for Mozilla's jsonlz4 files (the importer reads Firefox's session). */
#pragma once
#include <lz4.h>
