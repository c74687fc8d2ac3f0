// libarchive, for the ZIP exports of notes apps (Google Keep Takeout, Simplenote, Proton
// Pass), read from memory with the ZIP reader only.
#include <archive.h>
#include <archive_entry.h>
