// zlib, for the gzip-compressed attachments of KeePass XML exports (Meta/Binaries with
// Compressed="True").
#include <zlib.h>
