#include "ClObject.h"

#include <cstdlib>
#include <deque>
#include <mutex>
#include <new>

namespace clstep::ocl {

void* allocateObject(size_t bytes) {
    if (void* p = std::malloc(bytes)) return p;
    throw std::bad_alloc();
}

void retireObject(void* p) {
    static std::mutex mutex;
    static std::deque<void*> quarantine;
    *static_cast<const cl_icd_dispatch**>(p) = &dispatchTable();
    std::lock_guard lock(mutex);
    quarantine.push_back(p);
    if (quarantine.size() > 4096) {
        std::free(quarantine.front());
        quarantine.pop_front();
    }
}

} // namespace clstep::ocl
