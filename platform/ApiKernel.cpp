// Kernel entry points (OpenCL 3.0 API spec 5.9, 5.10): kernel objects, arguments, info
// queries, and the NDRange / task launches.
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "KernelLauncher.h"
#include "KernelObject.h"
#include "MemObject.h"
#include "Platform.h"
#include "ProgramObject.h"
#include "Queue.h"

#include "frontend/AstWalk.h"

#include <algorithm>
#include <atomic>

namespace clstep::ocl {

namespace {

std::atomic<uint32_t> launchCounter{0};

cl_kernel CL_API_CALL CreateKernel(cl_program program, const char* name, cl_int* errcodeRet) {
    return guardedCreate<cl_kernel>(errcodeRet, [&](cl_int& err) -> cl_kernel {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) {
            err = CL_INVALID_PROGRAM;
            return nullptr;
        }
        if (!p->built || p->binaryType != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
            err = CL_INVALID_PROGRAM_EXECUTABLE;
            return nullptr;
        }
        if (!name) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        const ast::FunctionDecl* k = p->built->findKernel(name);
        if (!k) {
            err = CL_INVALID_KERNEL_NAME;
            return nullptr;
        }
        return (new KernelObject(p, k))->handle();
    });
}

cl_int CL_API_CALL CreateKernelsInProgram(cl_program program, cl_uint numKernels,
                                          cl_kernel* kernels, cl_uint* numRet) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        if (!p->built || p->binaryType != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
            return CL_INVALID_PROGRAM_EXECUTABLE;
        cl_uint count = static_cast<cl_uint>(p->built->kernels.size());
        if (kernels && numKernels < count) return CL_INVALID_VALUE;
        if (kernels)
            for (cl_uint i = 0; i < count; ++i)
                kernels[i] = (new KernelObject(p, p->built->kernels[i]))->handle();
        if (numRet) *numRet = count;
        return CL_SUCCESS;
    });
}

cl_kernel CL_API_CALL CloneKernel(cl_kernel source, cl_int* errcodeRet) {
    return guardedCreate<cl_kernel>(errcodeRet, [&](cl_int& err) -> cl_kernel {
        KernelObject* k = KernelObject::from(source);
        if (!k) {
            err = CL_INVALID_KERNEL;
            return nullptr;
        }
        auto* c = new KernelObject(k->program, k->decl);
        c->args = k->args;
        return c->handle();
    });
}

cl_int CL_API_CALL RetainKernel(cl_kernel kernel) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        k->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseKernel(cl_kernel kernel) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        k->release();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL SetKernelArg(cl_kernel kernel, cl_uint index, size_t size, const void* value) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        return k->setArg(index, size, value);
    });
}

cl_int CL_API_CALL SetKernelArgSVMPointer(cl_kernel kernel, cl_uint, const void*) {
    return guarded([&]() -> cl_int {
        return KernelObject::from(kernel) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL; // no SVM
    });
}

cl_int CL_API_CALL SetKernelExecInfo(cl_kernel kernel, cl_kernel_exec_info, size_t, const void*) {
    return guarded([&]() -> cl_int {
        return KernelObject::from(kernel) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL; // no SVM
    });
}

cl_int CL_API_CALL GetKernelInfo(cl_kernel kernel, cl_kernel_info param, size_t size, void* value,
                                 size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_KERNEL_FUNCTION_NAME:
            return a.string(k->name);
        case CL_KERNEL_NUM_ARGS:
            return a.scalar<cl_uint>(static_cast<cl_uint>(k->args.size()));
        case CL_KERNEL_REFERENCE_COUNT:
            return a.scalar<cl_uint>(k->refCount());
        case CL_KERNEL_CONTEXT:
            return a.scalar<cl_context>(k->program->context->handle());
        case CL_KERNEL_PROGRAM:
            return a.scalar<cl_program>(k->program->handle());
        case CL_KERNEL_ATTRIBUTES:
            return a.string(k->attributes);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL GetKernelArgInfo(cl_kernel kernel, cl_uint index, cl_kernel_arg_info param,
                                    size_t size, void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        if (index >= k->args.size()) return CL_INVALID_ARG_INDEX;
        const launch::KernelParamInfo& p = k->signature.params[index];
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
            cl_kernel_arg_address_qualifier q = CL_KERNEL_ARG_ADDRESS_PRIVATE;
            if (p.addressSpace == launch::ParamAddressSpace::Global)
                q = CL_KERNEL_ARG_ADDRESS_GLOBAL;
            if (p.addressSpace == launch::ParamAddressSpace::Constant)
                q = CL_KERNEL_ARG_ADDRESS_CONSTANT;
            if (p.addressSpace == launch::ParamAddressSpace::Local) q = CL_KERNEL_ARG_ADDRESS_LOCAL;
            if (image::dimFromTypeName(p.typeName)) q = CL_KERNEL_ARG_ADDRESS_GLOBAL; // images
            return a.scalar(q);
        }
        case CL_KERNEL_ARG_ACCESS_QUALIFIER:
            return a.scalar(k->accessQualifier(index));
        case CL_KERNEL_ARG_TYPE_NAME:
            return a.string(p.typeName);
        case CL_KERNEL_ARG_TYPE_QUALIFIER:
            return a.scalar(k->typeQualifiers[index]);
        case CL_KERNEL_ARG_NAME:
            return a.string(p.name);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

/// Bytes of __local memory the kernel's arguments ask for (set args only).
/// CL_KERNEL_LOCAL_MEM_SIZE (5.9.4): bytes of the kernel's kernel-scope __local variables
/// (6.5.2) plus the sizes set so far for its __local pointer arguments.
uint64_t localMemBytes(const KernelObject& k) {
    uint64_t total = 0;
    for (const auto& a : k.args)
        if (a && a->kind == KernelObject::ArgValue::Kind::Local) total += a->localSize;
    if (k.decl && k.decl->body)
        for (const ast::VarDecl* v : ast::kernelScopeLocals(k.decl->body.get()))
            if (v->type.type) total += v->type.type->size;
    return total;
}

cl_int CL_API_CALL GetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                                          cl_kernel_work_group_info param, size_t size, void* value,
                                          size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        if (device && device != Device::instance().handle()) return CL_INVALID_DEVICE;
        const DeviceSettings& s = DeviceSettings::get();
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_KERNEL_GLOBAL_WORK_SIZE:
            return CL_INVALID_VALUE; // only for custom devices
        case CL_KERNEL_WORK_GROUP_SIZE:
            return a.scalar<size_t>(s.maxWorkGroupSize);
        case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: // reqd_work_group_size, or (0, 0, 0)
            return a.array(std::vector<size_t>(k->decl->reqdWorkGroupSize.begin(),
                                               k->decl->reqdWorkGroupSize.end()));
        case CL_KERNEL_LOCAL_MEM_SIZE:
            return a.scalar<cl_ulong>(localMemBytes(*k));
        case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
            return a.scalar<size_t>(s.preferredWorkGroupSizeMultiple());
        case CL_KERNEL_PRIVATE_MEM_SIZE:
            return a.scalar<cl_ulong>(0);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

/// clGetKernelSubGroupInfo (API spec 5.9.4, table "clGetKernelSubGroupInfo parameter
/// queries"; also clGetKernelSubGroupInfoKHR, cl_khr_subgroups): a work-group is cut into
/// sub-groups of DeviceSettings::subGroupSize work-items in linear local id order (the last
/// one may be smaller), as the interpreter runs them. CL_INVALID_VALUE for an unknown query,
/// a bad input (a local size of 1-3 size_t for the NDRANGE queries, one size_t sub-group
/// count for CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT) or a too small answer buffer.
cl_int CL_API_CALL GetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
                                         cl_kernel_sub_group_info param, size_t inSize,
                                         const void* in, size_t size, void* value,
                                         size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        KernelObject* k = KernelObject::from(kernel);
        if (!k) return CL_INVALID_KERNEL;
        if (device && device != Device::instance().handle()) return CL_INVALID_DEVICE;
        const DeviceSettings& s = DeviceSettings::get();
        InfoAnswer a(size, value, sizeRet);
        size_t items = 1;
        if (param == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE ||
            param == CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE) {
            if (!in || inSize == 0 || inSize % sizeof(size_t) || inSize > 3 * sizeof(size_t))
                return CL_INVALID_VALUE;
            for (size_t i = 0; i < inSize / sizeof(size_t); ++i)
                items *= static_cast<const size_t*>(in)[i];
        }
        switch (param) {
        case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
            return a.scalar<size_t>(std::min<size_t>(s.subGroupSize, items));
        case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE:
            return a.scalar<size_t>((items + s.subGroupSize - 1) / s.subGroupSize);
        case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
            // A one-dimensional local size of `count` whole sub-groups; the other dimensions
            // (as many as param_value_size holds) are 1; all 0 when none fits the device.
            if (!in || inSize != sizeof(size_t)) return CL_INVALID_VALUE;
            const size_t count = *static_cast<const size_t*>(in);
            const size_t dims = value ? size / sizeof(size_t) : 3;
            if (value && (size % sizeof(size_t) || dims == 0 || dims > 3)) return CL_INVALID_VALUE;
            std::vector<size_t> local(dims, 1);
            if (count == 0 || count > s.maxWorkGroupSize / s.subGroupSize)
                std::fill(local.begin(), local.end(), 0);
            else
                local[0] = count * s.subGroupSize;
            return a.array(local);
        }
        case CL_KERNEL_MAX_NUM_SUB_GROUPS:
            return a.scalar<size_t>(s.maxWorkGroupSize / s.subGroupSize);
        case CL_KERNEL_COMPILE_NUM_SUB_GROUPS: // no required number of sub-groups attribute
            return a.scalar<size_t>(0);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

/// clEnqueueNDRangeKernel's checks (spec 5.10, OpenCL 1.2 rules for uniform work-groups)
/// and the launch itself.
cl_int enqueueKernel(cl_command_queue queue, cl_kernel kernel, cl_uint workDim,
                     const size_t* offset, const size_t* global, const size_t* local, cl_uint n,
                     const cl_event* list, cl_event* event, cl_command_type type) {
    Queue* q = Queue::from(queue);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    KernelObject* k = KernelObject::from(kernel);
    if (!k) return CL_INVALID_KERNEL;
    if (k->program->context != q->context) return CL_INVALID_CONTEXT;
    if (workDim < 1 || workDim > 3) return CL_INVALID_WORK_DIMENSION;
    // A NULL global size or a 0 in it: the command trivially succeeds once its wait list is
    // complete, and runs no work-item (3.0 API spec, clEnqueueNDRangeKernel; 1.2 gave
    // CL_INVALID_GLOBAL_WORK_SIZE).
    if (!global || std::find(global, global + workDim, size_t{0}) != global + workDim) {
        if (!k->allArgsSet()) return CL_INVALID_KERNEL_ARGS;
        if (cl_int err = Queue::checkWaitList(q->context, n, list)) return err;
        return q->enqueue(type, n, list, event, [] { return cl_int{CL_SUCCESS}; });
    }
    const DeviceSettings& s = DeviceSettings::get();
    NDRange range;
    range.dims = workDim;
    for (cl_uint d = 0; d < workDim; ++d) {
        range.global[d] = global[d];
        if (offset) {
            if (offset[d] > SIZE_MAX - global[d]) return CL_INVALID_GLOBAL_OFFSET;
            range.offset[d] = offset[d];
        }
    }
    if (!k->allArgsSet()) return CL_INVALID_KERNEL_ARGS;
    // Non-uniform work-groups (CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT) from OpenCL C 2.0 on,
    // unless the program was built with -cl-uniform-work-group-size (API spec 5.10).
    bool uniform = k->program->built->options.clVersion < 200 ||
                   k->program->options.find("-cl-uniform-work-group-size") != std::string::npos;
    // reqd_work_group_size (OpenCL C 6.7.2): a given local size must equal it; a NULL one
    // means the required size (3.0 API spec, clEnqueueNDRangeKernel; the 1.2 rule was
    // CL_INVALID_WORK_GROUP_SIZE), which must then fit in work_dim dimensions.
    const auto& required = k->decl->reqdWorkGroupSize;
    size_t requiredLocal[3] = {1, 1, 1};
    if (required[0]) {
        for (cl_uint d = 0; d < 3; ++d) {
            if (d >= workDim && required[d] != 1) return CL_INVALID_WORK_GROUP_SIZE;
            if (d < workDim) requiredLocal[d] = required[d];
            if (local && (d < workDim ? local[d] : 1) != required[d])
                return CL_INVALID_WORK_GROUP_SIZE;
        }
        if (!local) local = requiredLocal;
    }
    if (local) {
        uint64_t total = 1;
        for (cl_uint d = 0; d < workDim; ++d) {
            if (local[d] == 0) return CL_INVALID_WORK_GROUP_SIZE;
            if (local[d] > s.maxWorkGroupSize) return CL_INVALID_WORK_ITEM_SIZE;
            if (uniform && global[d] % local[d]) return CL_INVALID_WORK_GROUP_SIZE;
            range.local[d] = local[d];
            total *= local[d];
        }
        if (total > s.maxWorkGroupSize) return CL_INVALID_WORK_GROUP_SIZE;
    } else {
        // As a CPU driver does: a work-group along dimension 0 only, the largest divisor of
        // the global size up to 64 work-items (and the device's maximum).
        uint64_t limit = std::min<uint64_t>(64, s.maxWorkGroupSize);
        for (uint64_t l = 1; l <= limit; ++l)
            if (range.global[0] % l == 0) range.local[0] = l;
    }
    if (localMemBytes(*k) > s.localMemSize) return CL_OUT_OF_RESOURCES;
    // Capture the arguments as they are now (spec 5.10: later clSetKernelArg calls do not
    // affect this launch); the buffers are kept alive until it ran.
    std::vector<KernelObject::ArgValue> args;
    for (const auto& a : k->args) {
        if (a->kind == KernelObject::ArgValue::Kind::Buffer) {
            if (!MemObject::from(a->mem->handle())) return CL_INVALID_KERNEL_ARGS;
            if (a->mem->context != q->context) return CL_INVALID_CONTEXT;
        }
        args.push_back(*a);
    }
    if (cl_int err = Queue::checkWaitList(q->context, n, list)) return err;
    for (auto& a : args)
        if (a.mem) a.mem->retain();
    k->retain();
    return q->enqueue(type, n, list, event, [k, args, range] {
        cl_int status = launchKernel(*k, args, range, ++launchCounter);
        for (const auto& a : args)
            if (a.mem) a.mem->release();
        k->release();
        return status;
    });
}

cl_int CL_API_CALL EnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint workDim,
                                        const size_t* offset, const size_t* global,
                                        const size_t* local, cl_uint n, const cl_event* list,
                                        cl_event* event) {
    return guarded([&] {
        return enqueueKernel(queue, kernel, workDim, offset, global, local, n, list, event,
                             CL_COMMAND_NDRANGE_KERNEL);
    });
}

cl_int CL_API_CALL EnqueueTask(cl_command_queue queue, cl_kernel kernel, cl_uint n,
                               const cl_event* list, cl_event* event) {
    return guarded([&] {
        const size_t one = 1;
        return enqueueKernel(queue, kernel, 1, nullptr, &one, &one, n, list, event,
                             CL_COMMAND_TASK);
    });
}

cl_int CL_API_CALL EnqueueNativeKernel(cl_command_queue queue, void(CL_CALLBACK*)(void*), void*,
                                       size_t, cl_uint, const cl_mem*, const void**, cl_uint,
                                       const cl_event*, cl_event*) {
    return guarded([&]() -> cl_int {
        // CL_DEVICE_EXECUTION_CAPABILITIES has no CL_EXEC_NATIVE_KERNEL.
        return Queue::from(queue) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
    });
}

} // namespace

void fillKernelApi(cl_icd_dispatch& d) {
    d.clCreateKernel = CreateKernel;
    d.clCreateKernelsInProgram = CreateKernelsInProgram;
    d.clCloneKernel = CloneKernel;
    d.clRetainKernel = RetainKernel;
    d.clReleaseKernel = ReleaseKernel;
    d.clSetKernelArg = SetKernelArg;
    d.clSetKernelArgSVMPointer = SetKernelArgSVMPointer;
    d.clSetKernelExecInfo = SetKernelExecInfo;
    d.clGetKernelInfo = GetKernelInfo;
    d.clGetKernelArgInfo = GetKernelArgInfo;
    d.clGetKernelWorkGroupInfo = GetKernelWorkGroupInfo;
    d.clGetKernelSubGroupInfo = GetKernelSubGroupInfo;
    d.clGetKernelSubGroupInfoKHR = GetKernelSubGroupInfo;
    d.clEnqueueNDRangeKernel = EnqueueNDRangeKernel;
    d.clEnqueueTask = EnqueueTask;
    d.clEnqueueNativeKernel = EnqueueNativeKernel;
}

} // namespace clstep::ocl
