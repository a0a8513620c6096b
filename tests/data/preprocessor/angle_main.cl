// <...> includes search the include directories only, not this directory.
#include <second.h>
int afterMissing;
