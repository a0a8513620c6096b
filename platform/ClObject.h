#pragma once

#include "IcdHandles.h"

#include <atomic>
#include <mutex>
#include <unordered_set>

namespace clstep::ocl {

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
