#pragma once

#include "IcdHandles.h"

#include <atomic>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <new>
#include <unordered_set>

namespace clstep::ocl {

/// Memory for one platform object (std::bad_alloc when there is none).
void* allocateObject(size_t bytes);
/// Takes back the memory of a destroyed platform object: it stays allocated, its first word
/// pointing to the dispatch table, until 4096 more objects have been retired.
void retireObject(void* p);

/// Base of every OpenCL object of the platform: the ICD handle `Handle` (dispatch table
/// first, as the ICD loader requires), an atomic reference count (clRetain*/clRelease*,
/// spec 5.x "Retain/Release") and a registry of live objects per type, so that a handle that
/// was never created or was already freed is answered with the spec's CL_INVALID_* code
/// instead of a crash. `Derived` is the concrete class (CRTP; no virtual functions, so the
/// dispatch pointer stays at offset 0).
template <class Handle, class Derived>
class ClObject : public Handle {
public:
    ClObject() {
        this->dispatch = &dispatchTable();
        std::lock_guard lock(registryMutex());
        registry().insert(static_cast<const void*>(static_cast<const Handle*>(this)));
    }
    ~ClObject() {
        std::lock_guard lock(registryMutex());
        registry().erase(static_cast<const void*>(static_cast<const Handle*>(this)));
    }
    ClObject(const ClObject&) = delete;
    ClObject& operator=(const ClObject&) = delete;

    /// The live object behind `h`, or nullptr when `h` is null, unknown or already freed.
    static Derived* from(const Handle* h) {
        if (!h) return nullptr;
        std::lock_guard lock(registryMutex());
        if (!registry().count(static_cast<const void*>(h))) return nullptr;
        return static_cast<Derived*>(const_cast<Handle*>(h));
    }
    /// The handle given to the application.
    Handle* handle() { return this; }

    void retain() { m_refs.fetch_add(1); }
    /// Drops one reference; deletes the object at zero.
    void release() {
        if (m_refs.fetch_sub(1) == 1) delete static_cast<Derived*>(this);
    }
    cl_uint refCount() const { return m_refs.load(); }

    /// Freed objects keep their memory, with the dispatch pointer in place, for the next 4096
    /// frees (retireObject): the ICD loader reads a handle's dispatch table before it calls
    /// clstep, so a host program that releases an object twice or uses it after the last
    /// release then gets CL_INVALID_* instead of a jump through freed memory.
    static void* operator new(size_t bytes) { return allocateObject(bytes); }
    static void operator delete(void* p) { retireObject(p); }

private:
    static std::unordered_set<const void*>& registry() {
        static std::unordered_set<const void*> r;
        return r;
    }
    static std::mutex& registryMutex() {
        static std::mutex m;
        return m;
    }
    std::atomic<cl_uint> m_refs{1};
};

} // namespace clstep::ocl
