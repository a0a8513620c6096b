#include "Event.h"

#include "ApiGuard.h"
#include "Context.h"
#include "Queue.h"

#include <chrono>

namespace clstep::ocl {

Event::Event(Context* context, Queue* queue, cl_command_type type)
    : context(context), queue(queue), type(type) {
    context->retain();
    if (queue) queue->retain();
    queuedNs = nowNs();
    if (type == CL_COMMAND_USER) status = CL_SUBMITTED;
}

Event::~Event() {
    if (queue) queue->release();
    context->release();
}

cl_ulong Event::nowNs() {
    return static_cast<cl_ulong>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
}

void Event::setStatus(cl_int s) {
    cl_ulong now = nowNs();
    if (s == CL_SUBMITTED) submitNs = now;
    if (s == CL_RUNNING) startNs = now;
    if (s <= CL_COMPLETE) {
        if (!submitNs) submitNs = now;
        if (!startNs) startNs = now;
        endNs = now;
    }
    status = s;
    // Callbacks for a step run once the status reaches it (CL_COMPLETE ones also on errors).
    std::vector<Pending> due;
    std::vector<Pending> keep;
    for (const Pending& p : m_callbacks)
        (status <= p.type ? due : keep).push_back(p);
    m_callbacks = std::move(keep);
    if (!due.empty()) {
        retain();
        for (const Pending& p : due)
            p.fn(handle(), status < 0 ? status : p.type, p.userData);
        release();
    }
    apiCondition().notify_all();
}

void Event::addCallback(cl_int t, Callback fn, void* userData) {
    if (status <= t)
        fn(handle(), status < 0 ? status : t, userData);
    else
        m_callbacks.push_back({t, fn, userData});
}

} // namespace clstep::ocl
