#pragma once

#include "ClObject.h"
#include "builtins/ImageObject.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace clstep::ocl {

class Context;

/// The cl_mem_flags of spec 5.2.1 (table "List of supported memory flag values") in their
/// mutually exclusive groups, shared by buffers, sub-buffers and images.
namespace memflags {
inline constexpr cl_mem_flags kAccess = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
inline constexpr cl_mem_flags kHostAccess =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
inline constexpr cl_mem_flags kHostPtr =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
/// True when `f` holds only known flags, at most one of each access group, and
/// CL_MEM_USE_HOST_PTR without ALLOC_HOST_PTR or COPY_HOST_PTR; the API answers
/// CL_INVALID_VALUE otherwise.
bool valid(cl_mem_flags f);
} // namespace memflags

/// A buffer or sub-buffer (spec 5.2). Its bytes live in host memory: the application's
/// `host_ptr` for CL_MEM_USE_HOST_PTR, the parent's bytes at `origin` for a sub-buffer, else
/// `storage`. Maps therefore return pointers into the bytes themselves (no copy), and a kernel
/// launch copies the bytes into the interpreter's `__global` memory and the changed bytes
/// back. Retains its context (and parent).
class MemObject : public ClObject<_cl_mem, MemObject> {
public:
    MemObject(Context* context, cl_mem_flags flags, size_t size, void* hostPtr);
    MemObject(MemObject* parent, cl_mem_flags flags, size_t origin, size_t size);
    ~MemObject();

    uint8_t* data() { return m_data; }
    Context* context;
    cl_mem_flags flags;
    size_t size;
    void* hostPtr = nullptr; ///< as given at creation (CL_MEM_HOST_PTR query)
    MemObject* parent = nullptr;
    size_t origin = 0;
    cl_uint mapCount = 0;
    std::vector<std::pair<void(CL_CALLBACK*)(cl_mem, void*), void*>> destructorCallbacks;
    std::vector<cl_mem_properties> properties;
    /// A buffer made by clCreateBuffer without data (neither CL_MEM_COPY_HOST_PTR nor
    /// CL_MEM_USE_HOST_PTR) whose bytes nothing wrote since: no write, fill, copy or map
    /// command and no kernel launch with it as an argument. A launch passes it as a noinit
    /// argument, so that the uninitialized-read check names it (docs/diagnostics.md).
    bool neverWritten = false;
    /// Which clCreateBuffer call of the process made it (1 = the first); 0 for other objects.
    uint32_t createOrder = 0;
    /// Its bytes (or its parent's, for a sub-buffer) may have been written.
    void markWritten() { (parent ? parent : this)->neverWritten = false; }
    /// Set for an image (spec 5.3, ApiImage.cpp): its type, format, size and the pitches of
    /// its texels in data() (the application's pitches for CL_MEM_USE_HOST_PTR, else tight).
    /// An image1d_buffer_t shares its buffer's bytes (`parent`, origin 0).
    std::optional<image::Object> image;

private:
    std::vector<uint8_t> m_storage;
    uint8_t* m_data = nullptr;
};

} // namespace clstep::ocl
