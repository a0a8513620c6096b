#pragma once

#include "ClObject.h"

#include <cstdint>
#include <vector>

namespace clstep::ocl {

class Context;
class Queue;

/// An event (spec 5.11): the status of one command (CL_QUEUED .. CL_COMPLETE, or a negative
/// error code when the command failed, e.g. a kernel with runtime errors), or a user event.
/// Holds the profiling times in nanoseconds of the host's steady clock and the callbacks of
/// clSetEventCallback. Retains its context (and queue).
class Event : public ClObject<_cl_event, Event> {
public:
    Event(Context* context, Queue* queue, cl_command_type type);
    ~Event();

    /// Sets the execution status, records the profiling time of that step, calls the
    /// callbacks registered for it (CL_COMPLETE callbacks also on a negative status) and wakes
    /// threads waiting for events.
    void setStatus(cl_int status);
    /// True once the command completed or failed (status <= CL_COMPLETE).
    bool done() const { return status <= CL_COMPLETE; }

    using Callback = void(CL_CALLBACK*)(cl_event, cl_int, void*);
    /// Registers a callback; calls it at once when the status has already been reached.
    void addCallback(cl_int type, Callback fn, void* userData);

    /// Nanoseconds of the steady clock now.
    static cl_ulong nowNs();

    Context* context;
    Queue* queue;
    cl_command_type type;
    cl_int status = CL_QUEUED;
    cl_ulong queuedNs = 0, submitNs = 0, startNs = 0, endNs = 0;

private:
    struct Pending {
        cl_int type;
        Callback fn;
        void* userData;
    };
    std::vector<Pending> m_callbacks;
};

} // namespace clstep::ocl
