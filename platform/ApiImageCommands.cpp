// Commands on images (OpenCL 1.2 API spec 5.3.3-5.3.6): clEnqueueRead/Write/Copy/FillImage,
// clEnqueueCopyImageToBuffer/BufferToImage and clEnqueueMapImage (unmapping is
// clEnqueueUnmapMemObject, ApiMemory.cpp). Texels are copied box by box with the image's and
// the host's pitches (ImageRegion.h).
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "ImageRegion.h"
#include "MemObject.h"
#include "Queue.h"

#include <cstring>

namespace clstep::ocl {

namespace {

/// The common checks of an image command: queue, image, same context, wait list.
cl_int checkImageCommand(Queue* q, MemObject* m, cl_uint n, const cl_event* list) {
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    if (!m || !m->image) return CL_INVALID_MEM_OBJECT;
    if (m->context != q->context) return CL_INVALID_CONTEXT;
    return Queue::checkWaitList(q->context, n, list);
}

/// A second memory object of a command (copy source or destination): `image` says whether
/// it must be an image or a buffer.
cl_int checkOther(Queue* q, MemObject* m, bool image) {
    if (!m || m->image.has_value() != image) return CL_INVALID_MEM_OBJECT;
    if (m->context != q->context) return CL_INVALID_CONTEXT;
    return CL_SUCCESS;
}

bool hostReadDenied(const MemObject* m) {
    return m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS);
}
bool hostWriteDenied(const MemObject* m) {
    return m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS);
}

cl_int transfer(cl_command_queue queue, cl_mem mem, bool read, cl_bool blocking,
                const size_t* origin, const size_t* region, size_t rowPitch, size_t slicePitch,
                void* ptr, cl_uint n, const cl_event* list, cl_event* event) {
    Queue* q = Queue::from(queue);
    MemObject* m = MemObject::from(mem);
    if (cl_int err = checkImageCommand(q, m, n, list)) return err;
    const image::Object img = *m->image;
    ImageRegion box;
    size_t yStride = 0, zStride = 0;
    if (!ptr || !box.set(img, origin, region) ||
        !hostStrides(img, box, rowPitch, slicePitch, yStride, zStride))
        return CL_INVALID_VALUE;
    if (read ? hostReadDenied(m) : hostWriteDenied(m)) return CL_INVALID_OPERATION;
    m->retain();
    return q->enqueue(
        read ? CL_COMMAND_READ_IMAGE : CL_COMMAND_WRITE_IMAGE, n, list, event,
        [=] {
            uint8_t* texels =
                m->data() + img.texelOffset(box.origin[0], box.origin[1], box.origin[2]);
            uint8_t* host = static_cast<uint8_t*>(ptr);
            if (read)
                copyBox(host, yStride, zStride, texels, img.rowPitch, img.slicePitch,
                        box.rowBytes(img), box.region[1], box.region[2]);
            else
                copyBox(texels, img.rowPitch, img.slicePitch, host, yStride, zStride,
                        box.rowBytes(img), box.region[1], box.region[2]);
            m->release();
            return CL_COMPLETE;
        },
        blocking);
}

cl_int CL_API_CALL EnqueueReadImage(cl_command_queue queue, cl_mem image, cl_bool blocking,
                                    const size_t* origin, const size_t* region, size_t rowPitch,
                                    size_t slicePitch, void* ptr, cl_uint n, const cl_event* list,
                                    cl_event* event) {
    return guarded([&] {
        return transfer(queue, image, true, blocking, origin, region, rowPitch, slicePitch, ptr, n,
                        list, event);
    });
}

cl_int CL_API_CALL EnqueueWriteImage(cl_command_queue queue, cl_mem image, cl_bool blocking,
                                     const size_t* origin, const size_t* region, size_t rowPitch,
                                     size_t slicePitch, const void* ptr, cl_uint n,
                                     const cl_event* list, cl_event* event) {
    return guarded([&] {
        return transfer(queue, image, false, blocking, origin, region, rowPitch, slicePitch,
                        const_cast<void*>(ptr), n, list, event);
    });
}

cl_int CL_API_CALL EnqueueCopyImage(cl_command_queue queue, cl_mem src, cl_mem dst,
                                    const size_t* srcOrigin, const size_t* dstOrigin,
                                    const size_t* region, cl_uint n, const cl_event* list,
                                    cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* s = MemObject::from(src);
        MemObject* d = MemObject::from(dst);
        if (cl_int err = checkImageCommand(q, s, n, list)) return err;
        if (cl_int err = checkOther(q, d, true)) return err;
        const image::Object si = *s->image, di = *d->image;
        if (!(si.format == di.format)) return CL_IMAGE_FORMAT_MISMATCH;
        ImageRegion sb, db;
        if (!sb.set(si, srcOrigin, region) || !db.set(di, dstOrigin, region))
            return CL_INVALID_VALUE;
        if (s->data() == d->data() && ImageRegion::overlap(sb, db)) return CL_MEM_COPY_OVERLAP;
        s->retain();
        d->retain();
        return q->enqueue(CL_COMMAND_COPY_IMAGE, n, list, event, [=] {
            copyBox(d->data() + di.texelOffset(db.origin[0], db.origin[1], db.origin[2]),
                    di.rowPitch, di.slicePitch,
                    s->data() + si.texelOffset(sb.origin[0], sb.origin[1], sb.origin[2]),
                    si.rowPitch, si.slicePitch, sb.rowBytes(si), sb.region[1], sb.region[2]);
            s->release();
            d->release();
            return CL_COMPLETE;
        });
    });
}

cl_int CL_API_CALL EnqueueFillImage(cl_command_queue queue, cl_mem image, const void* color,
                                    const size_t* origin, const size_t* region, cl_uint n,
                                    const cl_event* list, cl_event* event) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(image);
        if (cl_int err = checkImageCommand(q, m, n, list)) return err;
        const image::Object img = *m->image;
        ImageRegion box;
        if (!color || !box.set(img, origin, region)) return CL_INVALID_VALUE;
        // fill_color is a float4, int4 or uint4 by the channel type (spec 5.3.4), converted
        // to the image format as write_image{f,i,ui} would.
        image::Texel t;
        if (image::readKind(img.format.type) == image::ReadKind::Float)
            std::memcpy(t.f.data(), color, sizeof t.f);
        else
            std::memcpy(t.i.data(), color, sizeof t.i);
        std::vector<uint8_t> texel(image::texelBytes(img.format));
        image::encode(img.format, t, texel.data());
        m->retain();
        return q->enqueue(CL_COMMAND_FILL_IMAGE, n, list, event, [=] {
            for (size_t z = 0; z < box.region[2]; ++z)
                for (size_t y = 0; y < box.region[1]; ++y)
                    for (size_t x = 0; x < box.region[0]; ++x)
                        std::memcpy(m->data() + img.texelOffset(box.origin[0] + x,
                                                                box.origin[1] + y,
                                                                box.origin[2] + z),
                                    texel.data(), texel.size());
            m->release();
            return CL_COMPLETE;
        });
    });
}

/// clEnqueueCopyImageToBuffer and clEnqueueCopyBufferToImage (spec 5.3.5): the buffer side
/// is tightly packed from `offset`.
cl_int imageBufferCopy(cl_command_queue queue, cl_mem imageMem, cl_mem bufferMem, bool toBuffer,
                       const size_t* origin, const size_t* region, size_t offset, cl_uint n,
                       const cl_event* list, cl_event* event) {
    Queue* q = Queue::from(queue);
    MemObject* m = MemObject::from(imageMem);
    MemObject* b = MemObject::from(bufferMem);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    if (!m || !m->image || !b || b->image) return CL_INVALID_MEM_OBJECT;
    if (m->context != q->context || b->context != q->context) return CL_INVALID_CONTEXT;
    if (cl_int err = Queue::checkWaitList(q->context, n, list)) return err;
    const image::Object img = *m->image;
    ImageRegion box;
    if (!box.set(img, origin, region)) return CL_INVALID_VALUE;
    const size_t bytes = box.packedBytes(img);
    if (offset > b->size || bytes > b->size - offset) return CL_INVALID_VALUE;
    const size_t rowBytes = box.rowBytes(img);
    const size_t sliceBytes = rowBytes * box.region[1];
    if (toBuffer) b->markWritten();
    m->retain();
    b->retain();
    return q->enqueue(
        toBuffer ? CL_COMMAND_COPY_IMAGE_TO_BUFFER : CL_COMMAND_COPY_BUFFER_TO_IMAGE, n, list,
        event, [=] {
            uint8_t* texels =
                m->data() + img.texelOffset(box.origin[0], box.origin[1], box.origin[2]);
            if (toBuffer)
                copyBox(b->data() + offset, rowBytes, sliceBytes, texels, img.rowPitch,
                        img.slicePitch, rowBytes, box.region[1], box.region[2]);
            else
                copyBox(texels, img.rowPitch, img.slicePitch, b->data() + offset, rowBytes,
                        sliceBytes, rowBytes, box.region[1], box.region[2]);
            m->release();
            b->release();
            return CL_COMPLETE;
        });
}

cl_int CL_API_CALL EnqueueCopyImageToBuffer(cl_command_queue queue, cl_mem src, cl_mem dst,
                                            const size_t* origin, const size_t* region,
                                            size_t offset, cl_uint n, const cl_event* list,
                                            cl_event* event) {
    return guarded([&] {
        return imageBufferCopy(queue, src, dst, true, origin, region, offset, n, list, event);
    });
}

cl_int CL_API_CALL EnqueueCopyBufferToImage(cl_command_queue queue, cl_mem src, cl_mem dst,
                                            size_t offset, const size_t* origin,
                                            const size_t* region, cl_uint n, const cl_event* list,
                                            cl_event* event) {
    return guarded([&] {
        return imageBufferCopy(queue, dst, src, false, origin, region, offset, n, list, event);
    });
}

void* CL_API_CALL EnqueueMapImage(cl_command_queue queue, cl_mem image, cl_bool blocking,
                                  cl_map_flags flags, const size_t* origin, const size_t* region,
                                  size_t* rowPitch, size_t* slicePitch, cl_uint n,
                                  const cl_event* list, cl_event* event, cl_int* errcodeRet) {
    return guardedCreate<void*>(errcodeRet, [&](cl_int& err) -> void* {
        Queue* q = Queue::from(queue);
        MemObject* m = MemObject::from(image);
        if ((err = checkImageCommand(q, m, n, list))) return nullptr;
        const image::Object& img = *m->image;
        ImageRegion box;
        const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
        const bool needsSlicePitch = img.dim == image::Dim::Image3D || image::isArray(img.dim);
        if (!box.set(img, origin, region) || !rowPitch || (needsSlicePitch && !slicePitch) ||
            (flags & ~known) ||
            ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        if (((flags & CL_MAP_READ) && hostReadDenied(m)) ||
            ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) && hostWriteDenied(m))) {
            err = CL_INVALID_OPERATION;
            return nullptr;
        }
        err = q->enqueue(
            CL_COMMAND_MAP_IMAGE, n, list, event, [] { return CL_COMPLETE; }, blocking);
        if (err) return nullptr;
        ++m->mapCount;
        // The map is the texels themselves: the image's own pitches (for a 1D image array
        // the pitch between layers is the slice pitch, spec 5.3.6).
        if (img.dim == image::Dim::Image1DArray) {
            *rowPitch = img.width * image::texelBytes(img.format);
            if (slicePitch) *slicePitch = img.rowPitch;
        } else {
            *rowPitch = img.rowPitch;
            if (slicePitch) *slicePitch = needsSlicePitch ? img.slicePitch : 0;
        }
        return m->data() + img.texelOffset(box.origin[0], box.origin[1], box.origin[2]);
    });
}

} // namespace

void fillImageCommandApi(cl_icd_dispatch& d) {
    d.clEnqueueReadImage = EnqueueReadImage;
    d.clEnqueueWriteImage = EnqueueWriteImage;
    d.clEnqueueCopyImage = EnqueueCopyImage;
    d.clEnqueueFillImage = EnqueueFillImage;
    d.clEnqueueCopyImageToBuffer = EnqueueCopyImageToBuffer;
    d.clEnqueueCopyBufferToImage = EnqueueCopyBufferToImage;
    d.clEnqueueMapImage = EnqueueMapImage;
}

} // namespace clstep::ocl
