// zstd (RFC 8878), for format 1.1's compressed record groups (spec/FORMAT.md §12).
#include <zstd.h>
