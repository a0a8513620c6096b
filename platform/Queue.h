#pragma once

#include "ClObject.h"

#include <deque>
#include <functional>
#include <vector>

namespace clstep::ocl {

class Context;
class Event;

/// A command queue (spec 5.1). Commands run on the calling thread, in order, as soon as the
/// events they wait for are complete: usually inside the enqueue call itself, so a kernel's
/// diagnostics appear at its clEnqueueNDRangeKernel. A command waiting for a user event stays
/// pending until clSetUserEventStatus. Out-of-order queues are accepted and run in order (the
/// spec allows it). Retains its context.
class Queue : public ClObject<_cl_command_queue, Queue> {
public:
    Queue(Context* context, cl_command_queue_properties properties);
    ~Queue();

    /// What a command does; returns CL_COMPLETE or a negative error code (the event's final
    /// status).
    using Work = std::function<cl_int()>;

    /// Checks a wait list (spec: CL_INVALID_EVENT_WAIT_LIST for a null list with a count,
    /// a list without a count, or an invalid event; CL_INVALID_CONTEXT for another context's
    /// event).
    static cl_int checkWaitList(Context* context, cl_uint count, const cl_event* list);

    /// Enqueues a command of `type` after the events of `waitList` (already checked) and runs
    /// what is ready. Stores a new event in `*eventOut` when it is not null. With `blocking`,
    /// waits until the command is done and returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
    /// if it failed, else CL_SUCCESS.
    cl_int enqueue(cl_command_type type, cl_uint numWaits, const cl_event* waitList,
                   cl_event* eventOut, Work work, bool blocking = false);
    /// Runs every command whose wait list is complete, in order.
    void process();
    /// Runs and waits until no command is pending (clFinish).
    void finish();
    /// Runs the ready commands of every queue (after a user event changed status).
    static void processAll();

    Context* context;
    cl_command_queue_properties properties;
    std::vector<cl_queue_properties> propertiesArray; ///< clCreateCommandQueueWithProperties

private:
    struct Command {
        std::vector<Event*> waits;
        Event* event;
        Work work;
    };
    std::deque<Command> m_pending;
    bool m_running = false;
};

} // namespace clstep::ocl
