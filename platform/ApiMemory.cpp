// Buffer entry points (OpenCL 3.0 API spec 5.2 and 5.5): creation, sub-buffers, info, and the
// read/write/copy/fill/map commands with their rect variants.
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "DeviceSettings.h"
#include "MemObject.h"
#include "Queue.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace clstep::ocl {

namespace {

using namespace memflags;

cl_mem createBuffer(cl_context context, cl_mem_flags flags, size_t size, void* hostPtr,
                    cl_int& err) {
    Context* c = Context::from(context);
    if (!c) {
        err = CL_INVALID_CONTEXT;
        return nullptr;
    }
    if (!memflags::valid(flags)) {
        err = CL_INVALID_VALUE;
        return nullptr;
    }
    if (size == 0 || size > DeviceSettings::get().globalMemSize) {
        err = CL_INVALID_BUFFER_SIZE;
        return nullptr;
    }
    bool needsPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    if (needsPtr != (hostPtr != nullptr)) {
        err = CL_INVALID_HOST_PTR;
        return nullptr;
    }
    if (!(flags & kAccess)) flags |= CL_MEM_READ_WRITE;
    auto* m = new MemObject(c, flags, size, hostPtr);
    static std::atomic<uint32_t> created{0};
    m->createOrder = ++created;
    m->neverWritten = !needsPtr;
    return m->handle();
}

cl_mem CL_API_CALL CreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void* hostPtr,
                                cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(
        errcodeRet, [&](cl_int& err) { return createBuffer(context, flags, size, hostPtr, err); });
}

cl_mem CL_API_CALL CreateBufferWithProperties(cl_context context, const cl_mem_properties* props,
                                              cl_mem_flags flags, size_t size, void* hostPtr,
                                              cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(errcodeRet, [&](cl_int& err) -> cl_mem {
        if (props && props[0] != 0) {
            err = CL_INVALID_PROPERTY; // no buffer property is supported
            return nullptr;
        }
        cl_mem m = createBuffer(context, flags, size, hostPtr, err);
        if (m && props) MemObject::from(m)->properties = {0};
        return m;
    });
}

cl_mem CL_API_CALL CreateSubBuffer(cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type type,
                                   const void* info, cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(errcodeRet, [&](cl_int& err) -> cl_mem {
        MemObject* parent = MemObject::from(buffer);
        if (!parent || parent->image) {
            err = CL_INVALID_MEM_OBJECT;
            return nullptr;
        }
        if (parent->parent || (flags & kHostPtr) || !memflags::valid(flags)) {
            err = parent->parent ? CL_INVALID_MEM_OBJECT : CL_INVALID_VALUE;
            return nullptr;
        }
        // Access flags must not widen the parent's (spec 5.2.1 clCreateSubBuffer).
        cl_mem_flags pa = parent->flags & kAccess;
        cl_mem_flags a = flags & kAccess;
        if ((pa == CL_MEM_WRITE_ONLY && (a == CL_MEM_READ_WRITE || a == CL_MEM_READ_ONLY)) ||
            (pa == CL_MEM_READ_ONLY && (a == CL_MEM_READ_WRITE || a == CL_MEM_WRITE_ONLY)) ||
            ((parent->flags & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) ||
            ((parent->flags & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) ||
            ((parent->flags & CL_MEM_HOST_NO_ACCESS) &&
             (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        if (type != CL_BUFFER_CREATE_TYPE_REGION || !info) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        const auto* region = static_cast<const cl_buffer_region*>(info);
        if (region->size == 0) {
            err = CL_INVALID_BUFFER_SIZE;
            return nullptr;
        }
        if (region->origin > parent->size || region->size > parent->size - region->origin) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        if (region->origin % 128 != 0) { // CL_DEVICE_MEM_BASE_ADDR_ALIGN (1024 bits)
            err = CL_MISALIGNED_SUB_BUFFER_OFFSET;
            return nullptr;
        }
        if (!a) flags |= pa;
        if (!(flags & kHostAccess)) flags |= parent->flags & kHostAccess;
        flags |= parent->flags & kHostPtr;
        return (new MemObject(parent, flags, region->origin, region->size))->handle();
    });
}

cl_int CL_API_CALL RetainMemObject(cl_mem mem) {
    return guarded([&]() -> cl_int {
        MemObject* m = MemObject::from(mem);
        if (!m) return CL_INVALID_MEM_OBJECT;
        m->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseMemObject(cl_mem mem) {
    return guarded([&]() -> cl_int {
        MemObject* m = MemObject::from(mem);
        if (!m) return CL_INVALID_MEM_OBJECT;
        m->release();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetMemObjectInfo(cl_mem mem, cl_mem_info param, size_t size, void* value,
                                    size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        MemObject* m = MemObject::from(mem);
        if (!m) return CL_INVALID_MEM_OBJECT;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_MEM_TYPE:
            return a.scalar<cl_mem_object_type>(
                m->image ? static_cast<cl_mem_object_type>(m->image->dim) : CL_MEM_OBJECT_BUFFER);
        case CL_MEM_FLAGS:
            return a.scalar(m->flags);
        case CL_MEM_SIZE:
            return a.scalar<size_t>(m->size);
        case CL_MEM_HOST_PTR:
            return a.scalar<void*>((m->flags & CL_MEM_USE_HOST_PTR) ? m->hostPtr : nullptr);
        case CL_MEM_MAP_COUNT:
            return a.scalar(m->mapCount);
        case CL_MEM_REFERENCE_COUNT:
            return a.scalar<cl_uint>(m->refCount());
        case CL_MEM_CONTEXT:
            return a.scalar<cl_context>(m->context->handle());
        case CL_MEM_ASSOCIATED_MEMOBJECT:
            return a.scalar<cl_mem>(m->parent ? m->parent->handle() : nullptr);
        case CL_MEM_OFFSET:
            return a.scalar<size_t>(m->origin);
        case CL_MEM_USES_SVM_POINTER:
            return a.scalar<cl_bool>(CL_FALSE);
        case CL_MEM_PROPERTIES:
            return a.array(m->properties);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL SetMemObjectDestructorCallback(cl_mem mem, void(CL_CALLBACK* fn)(cl_mem, void*),
                                                  void* userData) {
    return guarded([&]() -> cl_int {
        MemObject* m = MemObject::from(mem);
        if (!m) return CL_INVALID_MEM_OBJECT;
        if (!fn) return CL_INVALID_VALUE;
        m->destructorCallbacks.emplace_back(fn, userData);
        return CL_SUCCESS;
    });
}

/// The common checks of a buffer command: queue, buffer (an image only when `imageToo`: the
/// image commands are in ApiImageCommands.cpp), same context, wait list.
cl_int checkCommand(Queue* q, MemObject* m, cl_uint n, const cl_event* list,
                    bool imageToo = false) {
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    if (!m || (m->image && !imageToo)) return CL_INVALID_MEM_OBJECT;
    if (m->context != q->context) return CL_INVALID_CONTEXT;
    return Queue::checkWaitList(q->context, n, list);
}

bool inBounds(const MemObject* m, size_t offset, size_t size) {
    return offset <= m->size && size <= m->size - offset;
}

cl_int CL_API_CALL EnqueueReadBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                     size_t offset, size_t size, void* ptr, cl_uint n,
                                     const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(buffer);
        if (cl_int err = checkCommand(q, m, n, list)) return err;
        if (!ptr || size == 0 || !inBounds(m, offset, size)) return CL_INVALID_VALUE;
        if (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
            return CL_INVALID_OPERATION;
        m->retain();
        return q->enqueue(
            CL_COMMAND_READ_BUFFER, n, list, event,
            [m, offset, size, ptr] {
                std::memmove(ptr, m->data() + offset, size);
                m->release();
                return CL_COMPLETE;
            },
            blocking);
    });
}

cl_int CL_API_CALL EnqueueWriteBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                      size_t offset, size_t size, const void* ptr, cl_uint n,
                                      const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(buffer);
        if (cl_int err = checkCommand(q, m, n, list)) return err;
        if (!ptr || size == 0 || !inBounds(m, offset, size)) return CL_INVALID_VALUE;
        if (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) return CL_INVALID_OPERATION;
        m->markWritten();
        m->retain();
        return q->enqueue(
            CL_COMMAND_WRITE_BUFFER, n, list, event,
            [m, offset, size, ptr] {
                std::memmove(m->data() + offset, ptr, size);
                m->release();
                return CL_COMPLETE;
            },
            blocking);
    });
}

bool overlaps(const MemObject* a, size_t ao, const MemObject* b, size_t bo, size_t size) {
    const uint8_t* pa = const_cast<MemObject*>(a)->data() + ao;
    const uint8_t* pb = const_cast<MemObject*>(b)->data() + bo;
    return pa < pb + size && pb < pa + size;
}

cl_int CL_API_CALL EnqueueCopyBuffer(cl_command_queue queue, cl_mem src, cl_mem dst,
                                     size_t srcOffset, size_t dstOffset, size_t size, cl_uint n,
                                     const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* s = MemObject::from(src);
        MemObject* d = MemObject::from(dst);
        if (cl_int err = checkCommand(q, s, n, list)) return err;
        if (!d || d->image) return CL_INVALID_MEM_OBJECT;
        if (d->context != q->context) return CL_INVALID_CONTEXT;
        if (size == 0 || !inBounds(s, srcOffset, size) || !inBounds(d, dstOffset, size))
            return CL_INVALID_VALUE;
        if (overlaps(s, srcOffset, d, dstOffset, size)) return CL_MEM_COPY_OVERLAP;
        d->markWritten();
        s->retain();
        d->retain();
        return q->enqueue(CL_COMMAND_COPY_BUFFER, n, list, event, [=] {
            std::memmove(d->data() + dstOffset, s->data() + srcOffset, size);
            s->release();
            d->release();
            return CL_COMPLETE;
        });
    });
}

cl_int CL_API_CALL EnqueueFillBuffer(cl_command_queue queue, cl_mem buffer, const void* pattern,
                                     size_t patternSize, size_t offset, size_t size, cl_uint n,
                                     const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(buffer);
        if (cl_int err = checkCommand(q, m, n, list)) return err;
        bool powerOfTwo = patternSize && (patternSize & (patternSize - 1)) == 0;
        if (!pattern || !powerOfTwo || patternSize > 128 || offset % patternSize ||
            size % patternSize || !inBounds(m, offset, size))
            return CL_INVALID_VALUE;
        std::vector<uint8_t> bytes(static_cast<const uint8_t*>(pattern),
                                   static_cast<const uint8_t*>(pattern) + patternSize);
        m->markWritten();
        m->retain();
        return q->enqueue(CL_COMMAND_FILL_BUFFER, n, list, event, [=] {
            for (size_t i = 0; i < size; i += bytes.size())
                std::memcpy(m->data() + offset + i, bytes.data(), bytes.size());
            m->release();
            return CL_COMPLETE;
        });
    });
}

/// A rectangle of a buffer or host memory (spec 5.2.2 clEnqueueReadBufferRect): origin and
/// region in bytes, rows and slices; pitches in bytes (0 = tightly packed).
struct Rect {
    size_t origin[3];
    size_t rowPitch;
    size_t slicePitch;
    /// Applies the spec's defaults and checks; returns false for CL_INVALID_VALUE.
    bool setup(const size_t* o, const size_t* region, size_t row, size_t slice) {
        if (!o) return false;
        std::copy_n(o, 3, origin);
        rowPitch = row ? row : region[0];
        slicePitch = slice ? slice : region[1] * rowPitch;
        if (row && row < region[0]) return false;
        if (slice && (slice < region[1] * rowPitch || slice % rowPitch)) return false;
        return true;
    }
    size_t offset(size_t x, size_t y, size_t z) const {
        return (origin[2] + z) * slicePitch + (origin[1] + y) * rowPitch + origin[0] + x;
    }
    /// One past the last byte the rectangle touches.
    size_t end(const size_t* region) const {
        return offset(0, region[1] - 1, region[2] - 1) + region[0];
    }
};

/// True when rectangles `s` and `d` of one buffer share a byte (API spec appendix "Checking
/// for memory copy overlap", check_copy_overlap): not when one ends before the other starts,
/// nor when one's rows fit in the gaps between the other's rows, or its slices between the
/// other's slices. With different pitches, whenever their byte spans intersect.
bool rectsOverlap(const Rect& s, const Rect& d, const size_t* region) {
    const size_t srcStart = s.offset(0, 0, 0), dstStart = d.offset(0, 0, 0);
    const size_t srcEnd = s.end(region), dstEnd = d.end(region);
    if (dstEnd <= srcStart || srcEnd <= dstStart) return false;
    if (s.rowPitch != d.rowPitch || s.slicePitch != d.slicePitch) return true;
    const size_t row = s.rowPitch, slice = s.slicePitch;
    const size_t srcDx = s.origin[0] % row, dstDx = d.origin[0] % row;
    if ((dstDx >= srcDx + region[0] && dstDx + region[0] <= srcDx + row) ||
        (srcDx >= dstDx + region[0] && srcDx + region[0] <= dstDx + row))
        return false;
    const size_t sliceSize = (region[1] - 1) * row + region[0];
    const size_t srcDy = (s.origin[1] * row + s.origin[0]) % slice;
    const size_t dstDy = (d.origin[1] * row + d.origin[0]) % slice;
    if ((dstDy >= srcDy + sliceSize && dstDy + sliceSize <= srcDy + slice) ||
        (srcDy >= dstDy + sliceSize && srcDy + sliceSize <= dstDy + slice))
        return false;
    return true;
}

void copyRect(uint8_t* dst, const Rect& d, const uint8_t* src, const Rect& s,
              const size_t* region) {
    for (size_t z = 0; z < region[2]; ++z)
        for (size_t y = 0; y < region[1]; ++y)
            std::memmove(dst + d.offset(0, y, z), src + s.offset(0, y, z), region[0]);
}

bool validRegion(const size_t* region) {
    return region && region[0] && region[1] && region[2];
}

cl_int rectCommand(cl_command_queue queue, cl_mem buffer, bool read, cl_bool blocking,
                   const size_t* bufferOrigin, const size_t* hostOrigin, const size_t* region,
                   size_t bufferRow, size_t bufferSlice, size_t hostRow, size_t hostSlice,
                   void* ptr, cl_uint n, const cl_event* list, cl_event* event) {
    Queue* q = Queue::from(queue);
    MemObject* m = MemObject::from(buffer);
    if (cl_int err = checkCommand(q, m, n, list)) return err;
    if (!ptr || !validRegion(region)) return CL_INVALID_VALUE;
    Rect b, h;
    if (!b.setup(bufferOrigin, region, bufferRow, bufferSlice) ||
        !h.setup(hostOrigin, region, hostRow, hostSlice) || b.end(region) > m->size)
        return CL_INVALID_VALUE;
    if (m->flags & (read ? (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)
                         : (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        return CL_INVALID_OPERATION;
    std::array<size_t, 3> r{region[0], region[1], region[2]};
    if (!read) m->markWritten();
    m->retain();
    return q->enqueue(
        read ? CL_COMMAND_READ_BUFFER_RECT : CL_COMMAND_WRITE_BUFFER_RECT, n, list, event,
        [=] {
            uint8_t* host = static_cast<uint8_t*>(ptr);
            if (read)
                copyRect(host, h, m->data(), b, r.data());
            else
                copyRect(m->data(), b, host, h, r.data());
            m->release();
            return CL_COMPLETE;
        },
        blocking);
}

cl_int CL_API_CALL EnqueueReadBufferRect(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                         const size_t* bufferOrigin, const size_t* hostOrigin,
                                         const size_t* region, size_t bufferRow, size_t bufferSlice,
                                         size_t hostRow, size_t hostSlice, void* ptr, cl_uint n,
                                         const cl_event* list, cl_event* event) {
    return guarded([&] {
        return rectCommand(queue, buffer, true, blocking, bufferOrigin, hostOrigin, region,
                           bufferRow, bufferSlice, hostRow, hostSlice, ptr, n, list, event);
    });
}

cl_int CL_API_CALL EnqueueWriteBufferRect(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                          const size_t* bufferOrigin, const size_t* hostOrigin,
                                          const size_t* region, size_t bufferRow,
                                          size_t bufferSlice, size_t hostRow, size_t hostSlice,
                                          const void* ptr, cl_uint n, const cl_event* list,
                                          cl_event* event) {
    return guarded([&] {
        return rectCommand(queue, buffer, false, blocking, bufferOrigin, hostOrigin, region,
                           bufferRow, bufferSlice, hostRow, hostSlice, const_cast<void*>(ptr), n,
                           list, event);
    });
}

cl_int CL_API_CALL EnqueueCopyBufferRect(cl_command_queue queue, cl_mem src, cl_mem dst,
                                         const size_t* srcOrigin, const size_t* dstOrigin,
                                         const size_t* region, size_t srcRow, size_t srcSlice,
                                         size_t dstRow, size_t dstSlice, cl_uint n,
                                         const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* s = MemObject::from(src);
        MemObject* d = MemObject::from(dst);
        if (cl_int err = checkCommand(q, s, n, list)) return err;
        if (!d || d->image) return CL_INVALID_MEM_OBJECT;
        if (d->context != q->context) return CL_INVALID_CONTEXT;
        if (!validRegion(region)) return CL_INVALID_VALUE;
        Rect rs, rd;
        if (!rs.setup(srcOrigin, region, srcRow, srcSlice) ||
            !rd.setup(dstOrigin, region, dstRow, dstSlice) || rs.end(region) > s->size ||
            rd.end(region) > d->size)
            return CL_INVALID_VALUE;
        if (s == d) {
            if (srcRow != dstRow && srcRow && dstRow) return CL_INVALID_VALUE;
            if (rectsOverlap(rs, rd, region)) return CL_MEM_COPY_OVERLAP;
        }
        std::array<size_t, 3> r{region[0], region[1], region[2]};
        d->markWritten();
        s->retain();
        d->retain();
        return q->enqueue(CL_COMMAND_COPY_BUFFER_RECT, n, list, event, [=] {
            copyRect(d->data(), rd, s->data(), rs, r.data());
            s->release();
            d->release();
            return CL_COMPLETE;
        });
    });
}

void* CL_API_CALL EnqueueMapBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                   cl_map_flags flags, size_t offset, size_t size, cl_uint n,
                                   const cl_event* list, cl_event* event, cl_int* errcodeRet) {
    return guardedCreate<void*>(errcodeRet, [&](cl_int& err) -> void* {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(buffer);
        if ((err = checkCommand(q, m, n, list))) return nullptr;
        const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
        if (size == 0 || !inBounds(m, offset, size) || (flags & ~known) ||
            ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        if (((flags & CL_MAP_READ) &&
             (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
            ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
             (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))) {
            err = CL_INVALID_OPERATION;
            return nullptr;
        }
        err = q->enqueue(
            CL_COMMAND_MAP_BUFFER, n, list, event, [] { return CL_COMPLETE; }, blocking);
        if (err) return nullptr;
        m->markWritten(); // the host may write through the mapped pointer
        ++m->mapCount;
        return m->data() + offset;
    });
}

cl_int CL_API_CALL EnqueueUnmapMemObject(cl_command_queue queue, cl_mem mem, void* ptr, cl_uint n,
                                         const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(mem);
        if (cl_int err = checkCommand(q, m, n, list, true)) return err;
        uint8_t* p = static_cast<uint8_t*>(ptr);
        if (!p || m->mapCount == 0 || p < m->data() || p > m->data() + m->size)
            return CL_INVALID_VALUE;
        --m->mapCount;
        return q->enqueue(CL_COMMAND_UNMAP_MEM_OBJECT, n, list, event, [] { return CL_COMPLETE; });
    });
}

cl_int CL_API_CALL EnqueueMigrateMemObjects(cl_command_queue queue, cl_uint numMems,
                                            const cl_mem* mems, cl_mem_migration_flags flags,
                                            cl_uint n, const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        if (!q) return CL_INVALID_COMMAND_QUEUE;
        if (numMems == 0 || !mems ||
            (flags & ~(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
            return CL_INVALID_VALUE;
        for (cl_uint i = 0; i < numMems; ++i) {
            MemObject* m = MemObject::from(mems[i]);
            if (!m) return CL_INVALID_MEM_OBJECT;
            if (m->context != q->context) return CL_INVALID_CONTEXT;
        }
        if (cl_int err = Queue::checkWaitList(q->context, n, list)) return err;
        return q->enqueue(CL_COMMAND_MIGRATE_MEM_OBJECTS, n, list, event,
                          [] { return CL_COMPLETE; });
    });
}

} // namespace

void fillMemoryApi(cl_icd_dispatch& d) {
    d.clCreateBuffer = CreateBuffer;
    d.clCreateBufferWithProperties = CreateBufferWithProperties;
    d.clCreateSubBuffer = CreateSubBuffer;
    d.clRetainMemObject = RetainMemObject;
    d.clReleaseMemObject = ReleaseMemObject;
    d.clGetMemObjectInfo = GetMemObjectInfo;
    d.clSetMemObjectDestructorCallback = SetMemObjectDestructorCallback;
    d.clEnqueueReadBuffer = EnqueueReadBuffer;
    d.clEnqueueWriteBuffer = EnqueueWriteBuffer;
    d.clEnqueueCopyBuffer = EnqueueCopyBuffer;
    d.clEnqueueFillBuffer = EnqueueFillBuffer;
    d.clEnqueueReadBufferRect = EnqueueReadBufferRect;
    d.clEnqueueWriteBufferRect = EnqueueWriteBufferRect;
    d.clEnqueueCopyBufferRect = EnqueueCopyBufferRect;
    d.clEnqueueMapBuffer = EnqueueMapBuffer;
    d.clEnqueueUnmapMemObject = EnqueueUnmapMemObject;
    d.clEnqueueMigrateMemObjects = EnqueueMigrateMemObjects;
}

} // namespace clstep::ocl
