#include "MemObject.h"

#include "Context.h"

#include <algorithm>

namespace clstep::ocl {

MemObject::MemObject(Context* context, cl_mem_flags flags, size_t size, void* hostPtr)
    : context(context), flags(flags), size(size), hostPtr(hostPtr) {
    context->retain();
    if (flags & CL_MEM_USE_HOST_PTR) {
        m_data = static_cast<uint8_t*>(hostPtr);
    } else {
        m_storage.resize(size);
        m_data = m_storage.data();
        if (flags & CL_MEM_COPY_HOST_PTR)
            std::copy_n(static_cast<const uint8_t*>(hostPtr), size, m_data);
    }
}

MemObject::MemObject(MemObject* parent, cl_mem_flags flags, size_t origin, size_t size)
    : context(parent->context), flags(flags), size(size), parent(parent), origin(origin) {
    context->retain();
    parent->retain();
    m_data = parent->data() + origin;
    if (parent->hostPtr) hostPtr = static_cast<uint8_t*>(parent->hostPtr) + origin;
}

MemObject::~MemObject() {
    // Spec 5.5.1 (clSetMemObjectDestructorCallback): called in reverse order of registration.
    for (auto it = destructorCallbacks.rbegin(); it != destructorCallbacks.rend(); ++it)
        it->first(handle(), it->second);
    if (parent) parent->release();
    context->release();
}

bool memflags::valid(cl_mem_flags f) {
    auto atMostOne = [](cl_mem_flags g) { return (g & (g - 1)) == 0; };
    if (f & ~(kAccess | kHostAccess | kHostPtr | CL_MEM_KERNEL_READ_AND_WRITE)) return false;
    if (!atMostOne(f & kAccess) || !atMostOne(f & kHostAccess)) return false;
    return !((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)));
}

} // namespace clstep::ocl
