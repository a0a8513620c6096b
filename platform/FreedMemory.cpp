#include "FreedMemory.h"

#include <malloc.h>

#include <cstdlib>
#include <cstring>

namespace clstep::ocl {

bool keepFreedMemory(bool enabled) {
    static const bool tuned = [enabled] {
        if (!enabled) return false;
        const char* tunables = std::getenv("GLIBC_TUNABLES");
        if (tunables && std::strstr(tunables, "glibc.malloc.")) return false;
        constexpr int kLargestMmapThreshold = 32 << 20; // bytes: glibc's HEAP_MAX_SIZE / 2
        return mallopt(M_ARENA_MAX, 1) == 1 &&
               mallopt(M_MMAP_THRESHOLD, kLargestMmapThreshold) == 1 &&
               mallopt(M_TRIM_THRESHOLD, 0x7fffffff) == 1;
    }();
    return tuned;
}

} // namespace clstep::ocl
