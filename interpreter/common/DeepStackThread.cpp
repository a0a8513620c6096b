#include "common/DeepStackThread.h"

#include <pthread.h>

#include <utility>

namespace clstep {

DeepStackThread::~DeepStackThread() {
    if (m_running) pthread_join(static_cast<pthread_t>(m_thread), nullptr);
}

void* DeepStackThread::trampoline(void* self) {
    auto* t = static_cast<DeepStackThread*>(self);
    try {
        t->m_fn();
    } catch (...) {
        t->m_error = std::current_exception();
    }
    return nullptr;
}

bool DeepStackThread::start(std::function<void()> fn, size_t stackBytes) {
    if (m_running) return false;
    m_fn = std::move(fn);
    m_error = nullptr;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    pthread_t thread;
    bool ok = pthread_attr_setstacksize(&attr, stackBytes) == 0 &&
              pthread_create(&thread, &attr, &DeepStackThread::trampoline, this) == 0;
    pthread_attr_destroy(&attr);
    if (ok) {
        m_thread = static_cast<unsigned long>(thread);
        m_running = true;
    }
    return ok;
}

void DeepStackThread::join() {
    if (!m_running) return;
    pthread_join(static_cast<pthread_t>(m_thread), nullptr);
    m_running = false;
    if (m_error) std::rethrow_exception(std::exchange(m_error, nullptr));
}

namespace {
/// The stack size of the runOnDeepStack() thread the calling thread is (0: none).
thread_local size_t t_deepStack = 0;
} // namespace

void runOnDeepStack(const std::function<void()>& fn, size_t stackBytes) {
    if (t_deepStack >= stackBytes) { // already on a deep enough stack
        fn();
        return;
    }
    DeepStackThread t;
    if (t.start(
            [&fn, stackBytes] {
                t_deepStack = stackBytes;
                fn();
            },
            stackBytes))
        t.join();
    else
        fn();
}

} // namespace clstep
