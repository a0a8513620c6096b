// Command queue and event entry points (OpenCL 3.0 API spec 5.1, 5.11-5.13).
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "Event.h"
#include "Platform.h"
#include "Queue.h"

namespace clstep::ocl {

namespace {

const cl_command_queue_properties kQueueProps =
    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;

cl_command_queue createQueue(cl_context context, cl_device_id device,
                             cl_command_queue_properties props, cl_int& err) {
    Context* c = Context::from(context);
    if (!c) {
        err = CL_INVALID_CONTEXT;
        return nullptr;
    }
    if (device != Device::instance().handle()) {
        err = CL_INVALID_DEVICE;
        return nullptr;
    }
    if (props & ~(kQueueProps | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)) {
        err = CL_INVALID_VALUE;
        return nullptr;
    }
    if (props & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)) {
        err = CL_INVALID_QUEUE_PROPERTIES; // no device-side enqueue
        return nullptr;
    }
    return (new Queue(c, props))->handle();
}

cl_command_queue CL_API_CALL CreateCommandQueue(cl_context context, cl_device_id device,
                                                cl_command_queue_properties props,
                                                cl_int* errcodeRet) {
    return guardedCreate<cl_command_queue>(
        errcodeRet, [&](cl_int& err) { return createQueue(context, device, props, err); });
}

cl_command_queue CL_API_CALL CreateCommandQueueWithProperties(cl_context context,
                                                              cl_device_id device,
                                                              const cl_queue_properties* props,
                                                              cl_int* errcodeRet) {
    return guardedCreate<cl_command_queue>(errcodeRet, [&](cl_int& err) -> cl_command_queue {
        cl_command_queue_properties bits = 0;
        std::vector<cl_queue_properties> list;
        for (const cl_queue_properties* p = props; p && p[0]; p += 2) {
            if (p[0] == CL_QUEUE_PROPERTIES)
                bits = p[1];
            else if (p[0] != CL_QUEUE_SIZE) {
                err = CL_INVALID_VALUE;
                return nullptr;
            }
            list.push_back(p[0]);
            list.push_back(p[1]);
        }
        if (props) list.push_back(0);
        cl_command_queue q = createQueue(context, device, bits, err);
        if (q) Queue::from(q)->propertiesArray = std::move(list);
        return q;
    });
}

cl_int CL_API_CALL RetainCommandQueue(cl_command_queue queue) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        if (!q) return CL_INVALID_COMMAND_QUEUE;
        q->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseCommandQueue(cl_command_queue queue) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        if (!q) return CL_INVALID_COMMAND_QUEUE;
        if (q->refCount() == 1) q->finish(); // spec: implicit flush; commands complete first
        q->release();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetCommandQueueInfo(cl_command_queue queue, cl_command_queue_info param,
                                       size_t size, void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        if (!q) return CL_INVALID_COMMAND_QUEUE;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_QUEUE_CONTEXT:
            return a.scalar<cl_context>(q->context->handle());
        case CL_QUEUE_DEVICE:
            return a.scalar<cl_device_id>(Device::instance().handle());
        case CL_QUEUE_REFERENCE_COUNT:
            return a.scalar<cl_uint>(q->refCount());
        case CL_QUEUE_PROPERTIES:
            return a.scalar(q->properties);
        case CL_QUEUE_PROPERTIES_ARRAY:
            return a.array(q->propertiesArray);
        case CL_QUEUE_SIZE:
            return CL_INVALID_COMMAND_QUEUE; // host queue (spec 5.1)
        case CL_QUEUE_DEVICE_DEFAULT:
            return a.scalar<cl_command_queue>(nullptr);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL SetCommandQueueProperty(cl_command_queue queue, cl_command_queue_properties,
                                           cl_bool, cl_command_queue_properties*) {
    return guarded([&]() -> cl_int {
        return Queue::from(queue) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
    });
}

cl_int CL_API_CALL Flush(cl_command_queue queue) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        if (!q) return CL_INVALID_COMMAND_QUEUE;
        q->process();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL Finish(cl_command_queue queue) {
    return guarded([&]() -> cl_int {
        Queue* q = Queue::from(queue);
        if (!q) return CL_INVALID_COMMAND_QUEUE;
        q->finish();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL WaitForEvents(cl_uint count, const cl_event* list) {
    return guarded([&]() -> cl_int {
        if (count == 0 || !list) return CL_INVALID_VALUE;
        Context* ctx = nullptr;
        for (cl_uint i = 0; i < count; ++i) {
            Event* e = Event::from(list[i]);
            if (!e) return CL_INVALID_EVENT;
            if (ctx && e->context != ctx) return CL_INVALID_CONTEXT;
            ctx = e->context;
        }
        waitUntil([&] {
            Queue::processAll();
            for (cl_uint i = 0; i < count; ++i)
                if (!Event::from(list[i])->done()) return false;
            return true;
        });
        for (cl_uint i = 0; i < count; ++i)
            if (Event::from(list[i])->status < 0)
                return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetEventInfo(cl_event event, cl_event_info param, size_t size, void* value,
                                size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        Event* e = Event::from(event);
        if (!e) return CL_INVALID_EVENT;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_EVENT_COMMAND_QUEUE:
            return a.scalar<cl_command_queue>(e->queue ? e->queue->handle() : nullptr);
        case CL_EVENT_CONTEXT:
            return a.scalar<cl_context>(e->context->handle());
        case CL_EVENT_COMMAND_TYPE:
            return a.scalar(e->type);
        case CL_EVENT_COMMAND_EXECUTION_STATUS:
            return a.scalar(e->status);
        case CL_EVENT_REFERENCE_COUNT:
            return a.scalar<cl_uint>(e->refCount());
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL GetEventProfilingInfo(cl_event event, cl_profiling_info param, size_t size,
                                         void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        Event* e = Event::from(event);
        if (!e) return CL_INVALID_EVENT;
        if (!e->queue || !(e->queue->properties & CL_QUEUE_PROFILING_ENABLE) ||
            e->status != CL_COMPLETE)
            return CL_PROFILING_INFO_NOT_AVAILABLE;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_PROFILING_COMMAND_QUEUED:
            return a.scalar(e->queuedNs);
        case CL_PROFILING_COMMAND_SUBMIT:
            return a.scalar(e->submitNs);
        case CL_PROFILING_COMMAND_START:
            return a.scalar(e->startNs);
        case CL_PROFILING_COMMAND_END:
        case CL_PROFILING_COMMAND_COMPLETE:
            return a.scalar(e->endNs);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL RetainEvent(cl_event event) {
    return guarded([&]() -> cl_int {
        Event* e = Event::from(event);
        if (!e) return CL_INVALID_EVENT;
        e->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseEvent(cl_event event) {
    return guarded([&]() -> cl_int {
        Event* e = Event::from(event);
        if (!e) return CL_INVALID_EVENT;
        e->release();
        return CL_SUCCESS;
    });
}

cl_event CL_API_CALL CreateUserEvent(cl_context context, cl_int* errcodeRet) {
    return guardedCreate<cl_event>(errcodeRet, [&](cl_int& err) -> cl_event {
        Context* c = Context::from(context);
        if (!c) {
            err = CL_INVALID_CONTEXT;
            return nullptr;
        }
        return (new Event(c, nullptr, CL_COMMAND_USER))->handle();
    });
}

cl_int CL_API_CALL SetUserEventStatus(cl_event event, cl_int status) {
    return guarded([&]() -> cl_int {
        Event* e = Event::from(event);
        if (!e || e->type != CL_COMMAND_USER) return CL_INVALID_EVENT;
        if (status > CL_COMPLETE) return CL_INVALID_VALUE;
        if (e->done()) return CL_INVALID_OPERATION;
        e->setStatus(status);
        Queue::processAll();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL SetEventCallback(cl_event event, cl_int type, Event::Callback fn,
                                    void* userData) {
    return guarded([&]() -> cl_int {
        Event* e = Event::from(event);
        if (!e) return CL_INVALID_EVENT;
        if (!fn || (type != CL_SUBMITTED && type != CL_RUNNING && type != CL_COMPLETE))
            return CL_INVALID_VALUE;
        e->addCallback(type, fn, userData);
        return CL_SUCCESS;
    });
}

/// Markers and barriers: a command that does nothing after its wait list (or, with none,
/// after every earlier command, which in-order execution gives already).
cl_int markerLike(cl_command_queue queue, cl_command_type type, cl_uint n, const cl_event* list,
                  cl_event* event) {
    Queue* q = Queue::from(queue);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    if (cl_int err = Queue::checkWaitList(q->context, n, list)) return err;
    return q->enqueue(type, n, list, event, [] { return CL_COMPLETE; });
}

cl_int CL_API_CALL EnqueueMarkerWithWaitList(cl_command_queue queue, cl_uint n,
                                             const cl_event* list, cl_event* event) {
    return guarded([&] { return markerLike(queue, CL_COMMAND_MARKER, n, list, event); });
}

cl_int CL_API_CALL EnqueueBarrierWithWaitList(cl_command_queue queue, cl_uint n,
                                              const cl_event* list, cl_event* event) {
    return guarded([&] { return markerLike(queue, CL_COMMAND_BARRIER, n, list, event); });
}

cl_int CL_API_CALL EnqueueMarker(cl_command_queue queue, cl_event* event) {
    return guarded([&]() -> cl_int {
        if (!event) return Queue::from(queue) ? CL_INVALID_VALUE : CL_INVALID_COMMAND_QUEUE;
        return markerLike(queue, CL_COMMAND_MARKER, 0, nullptr, event);
    });
}

cl_int CL_API_CALL EnqueueBarrier(cl_command_queue queue) {
    return guarded([&] { return markerLike(queue, CL_COMMAND_BARRIER, 0, nullptr, nullptr); });
}

cl_int CL_API_CALL EnqueueWaitForEvents(cl_command_queue queue, cl_uint n, const cl_event* list) {
    return guarded([&]() -> cl_int {
        if (!Queue::from(queue)) return CL_INVALID_COMMAND_QUEUE;
        if (n == 0 || !list) return CL_INVALID_VALUE;
        return markerLike(queue, CL_COMMAND_BARRIER, n, list, nullptr);
    });
}

} // namespace

void fillQueueApi(cl_icd_dispatch& d) {
    d.clCreateCommandQueue = CreateCommandQueue;
    d.clCreateCommandQueueWithProperties = CreateCommandQueueWithProperties;
    d.clRetainCommandQueue = RetainCommandQueue;
    d.clReleaseCommandQueue = ReleaseCommandQueue;
    d.clGetCommandQueueInfo = GetCommandQueueInfo;
    d.clSetCommandQueueProperty = SetCommandQueueProperty;
    d.clFlush = Flush;
    d.clFinish = Finish;
    d.clWaitForEvents = WaitForEvents;
    d.clGetEventInfo = GetEventInfo;
    d.clGetEventProfilingInfo = GetEventProfilingInfo;
    d.clRetainEvent = RetainEvent;
    d.clReleaseEvent = ReleaseEvent;
    d.clCreateUserEvent = CreateUserEvent;
    d.clSetUserEventStatus = SetUserEventStatus;
    d.clSetEventCallback = SetEventCallback;
    d.clEnqueueMarkerWithWaitList = EnqueueMarkerWithWaitList;
    d.clEnqueueBarrierWithWaitList = EnqueueBarrierWithWaitList;
    d.clEnqueueMarker = EnqueueMarker;
    d.clEnqueueBarrier = EnqueueBarrier;
    d.clEnqueueWaitForEvents = EnqueueWaitForEvents;
}

} // namespace clstep::ocl
