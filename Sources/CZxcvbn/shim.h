// Debian's libzxcvbn-dev ships no pkg-config file: the header is on the default include
// path and the module map links libzxcvbn by name.
#include <zxcvbn.h>
