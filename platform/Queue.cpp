#include "Queue.h"

#include "ApiGuard.h"
#include "Context.h"
#include "Event.h"

#include <set>

namespace clstep::ocl {

namespace {
std::set<Queue*>& liveQueues() {
    static std::set<Queue*> q;
    return q;
}
} // namespace

Queue::Queue(Context* context, cl_command_queue_properties properties)
    : context(context), properties(properties) {
    context->retain();
    liveQueues().insert(this);
}

Queue::~Queue() {
    finish();
    liveQueues().erase(this);
    context->release();
}

cl_int Queue::checkWaitList(Context* ctx, cl_uint count, const cl_event* list) {
    if ((count == 0) != (list == nullptr)) return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < count; ++i) {
        Event* e = Event::from(list[i]);
        if (!e) return CL_INVALID_EVENT_WAIT_LIST;
        if (ctx && e->context != ctx) return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

cl_int Queue::enqueue(cl_command_type type, cl_uint numWaits, const cl_event* waitList,
                      cl_event* eventOut, Work work, bool blocking) {
    Command c;
    for (cl_uint i = 0; i < numWaits; ++i) {
        Event* e = Event::from(waitList[i]);
        e->retain();
        c.waits.push_back(e);
    }
    c.event = new Event(context, this, type);
    c.work = std::move(work);
    Event* event = c.event;
    event->retain(); // held by this call until it returns
    if (eventOut) {
        event->retain();
        *eventOut = event->handle();
    }
    m_pending.push_back(std::move(c));
    process();
    cl_int result = CL_SUCCESS;
    if (blocking) {
        waitUntil([&] {
            process();
            return event->done();
        });
        if (event->status < 0) result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    }
    event->release();
    return result;
}

void Queue::process() {
    if (m_running) return; // a callback enqueued from inside a command: run it afterwards
    m_running = true;
    while (!m_pending.empty()) {
        Command& front = m_pending.front();
        bool ready = true, failed = false;
        for (Event* e : front.waits) {
            if (!e->done()) ready = false;
            if (e->status < 0) failed = true;
        }
        if (!ready) break;
        Command c = std::move(front);
        m_pending.pop_front();
        c.event->setStatus(CL_SUBMITTED);
        if (failed) {
            c.event->setStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
        } else {
            c.event->setStatus(CL_RUNNING);
            cl_int status = CL_COMPLETE;
            try {
                status = c.work();
            } catch (...) {
                status = CL_OUT_OF_RESOURCES;
            }
            c.event->setStatus(status);
        }
        for (Event* e : c.waits)
            e->release();
        c.event->release();
    }
    m_running = false;
}

void Queue::finish() {
    waitUntil([&] {
        process();
        return m_pending.empty();
    });
}

void Queue::processAll() {
    std::vector<Queue*> queues(liveQueues().begin(), liveQueues().end());
    for (Queue* q : queues)
        q->process();
}

} // namespace clstep::ocl
