#pragma once

#include "ClObject.h"

#include <vector>

namespace clstep::ocl {

/// An OpenCL context (spec 4.4) on the clstep device. Holds the properties it was created
/// with and the error callback (`pfn_notify`), which is called for launch errors.
class Context : public ClObject<_cl_context, Context> {
public:
    using Notify = void(CL_CALLBACK*)(const char*, const void*, size_t, void*);
    Context(std::vector<cl_context_properties> properties, Notify notify, void* userData)
        : properties(std::move(properties)), notify(notify), userData(userData) {}
    /// Calls the clSetContextDestructorCallback callbacks, last registered first (spec 4.4).
    ~Context() {
        for (auto it = destructorCallbacks.rbegin(); it != destructorCallbacks.rend(); ++it)
            it->first(handle(), it->second);
    }

    /// Tells the application about an error through its callback, if it gave one.
    void reportError(const char* message) const {
        if (notify) notify(message, nullptr, 0, userData);
    }

    std::vector<cl_context_properties> properties; ///< as given, with the 0 terminator
    Notify notify = nullptr;
    void* userData = nullptr;
    std::vector<std::pair<void(CL_CALLBACK*)(cl_context, void*), void*>> destructorCallbacks;
};

} // namespace clstep::ocl
