#include "LargeStack.h"

#include <pthread.h>

#include <exception>

namespace clstep::ocl {

namespace {
struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
};

void* trampoline(void* p) {
    Job* job = static_cast<Job*>(p);
    try {
        (*job->work)();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}
} // namespace

void runOnLargeStack(const std::function<void()>& work, size_t stackBytes) {
    Job job{&work, nullptr};
    pthread_attr_t attr;
    pthread_t thread;
    bool started = false;
    if (pthread_attr_init(&attr) == 0) {
        if (pthread_attr_setstacksize(&attr, stackBytes) == 0)
            started = pthread_create(&thread, &attr, trampoline, &job) == 0;
        pthread_attr_destroy(&attr);
    }
    if (started)
        pthread_join(thread, nullptr);
    else
        trampoline(&job);
    if (job.error) std::rethrow_exception(job.error);
}

} // namespace clstep::ocl
