#pragma once

#include "common/NestingLimit.h"

#include <exception>
#include <functional>

namespace clstep {

/// A thread whose stack is large enough for every recursive pass to reach kMaxNestingDepth
/// (kDeepStackBytes, or `stackBytes`). Qt-free and usable by any front end: the CLI, the GUI's
/// worker, the REPL and the OpenCL platform layer (clBuildProgram, clEnqueueNDRangeKernel)
/// run the front-end passes and the evaluation through it or through runOnDeepStack().
///
/// An exception escaping the function is captured and rethrown by join(). If the operating
/// system refuses a thread, start() returns false and nothing runs.
class DeepStackThread {
public:
    DeepStackThread() = default;
    DeepStackThread(const DeepStackThread&) = delete;
    DeepStackThread& operator=(const DeepStackThread&) = delete;
    /// Joins a thread that is still running (exceptions are then dropped).
    ~DeepStackThread();

    /// Starts `fn` on a new thread with a stack of `stackBytes` bytes. False when the thread
    /// could not be created (fn did not run).
    bool start(std::function<void()> fn, size_t stackBytes = kDeepStackBytes);
    /// Waits for the function to return; rethrows the exception it ended with, if any.
    void join();

private:
    static void* trampoline(void* self);

    std::function<void()> m_fn;
    std::exception_ptr m_error;
    unsigned long m_thread = 0;
    bool m_running = false;
};

/// Runs `fn` to completion on a DeepStackThread (the caller blocks) and rethrows its
/// exception. When no thread can be created, runs `fn` on the caller's stack instead.
/// Cost: one thread creation (tens of microseconds); call it once per compilation or launch,
/// not per work-item. Called on a thread it started (with a stack at least as large), it
/// runs `fn` at once, so loops over work-items can run on one deep stack.
void runOnDeepStack(const std::function<void()>& fn, size_t stackBytes = kDeepStackBytes);

} // namespace clstep
