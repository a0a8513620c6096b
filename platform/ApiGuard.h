#pragma once

#include "IcdHandles.h"

#include <condition_variable>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace clstep::ocl {

/// The platform's one lock: every entry point holds it (recursively: event callbacks may call
/// the API again). Commands waiting for user events wait on apiCondition() with it.
std::recursive_mutex& apiMutex();
/// Notified whenever an event changes status.
std::condition_variable_any& apiCondition();

/// Waits (releasing the API lock, which the caller holds) until `done()` is true; `done` is
/// evaluated with the lock held, at once and after every event status change.
template <class P>
void waitUntil(P done) {
    std::unique_lock lock(apiMutex(), std::adopt_lock);
    apiCondition().wait(lock, done);
    lock.release();
}

/// Runs an entry point's body under the API lock and turns any exception into an error code
/// (std::bad_alloc: CL_OUT_OF_HOST_MEMORY, anything else: CL_OUT_OF_RESOURCES), so no
/// exception ever crosses into the host program.
template <class F>
cl_int guarded(F&& body) noexcept {
    try {
        std::lock_guard lock(apiMutex());
        return body();
    } catch (const std::bad_alloc&) {
        return CL_OUT_OF_HOST_MEMORY;
    } catch (...) {
        return CL_OUT_OF_RESOURCES;
    }
}

/// The same for entry points that return an object and report through `errcode_ret`: `body`
/// sets its `cl_int&` argument and returns the object (nullptr on error).
template <class T, class F>
T guardedCreate(cl_int* errcodeRet, F&& body) noexcept {
    cl_int err = CL_SUCCESS;
    T result = nullptr;
    try {
        std::lock_guard lock(apiMutex());
        result = body(err);
    } catch (const std::bad_alloc&) {
        err = CL_OUT_OF_HOST_MEMORY;
        result = nullptr;
    } catch (...) {
        err = CL_OUT_OF_RESOURCES;
        result = nullptr;
    }
    if (errcodeRet) *errcodeRet = err;
    return result;
}

/// Answers a clGet*Info query (spec 4.x/5.x "param_value_size ... param_value_size_ret"):
/// copies the answer into `value` when it is not null (CL_INVALID_VALUE when `size` is too
/// small) and stores the answer's size in bytes in `*sizeRet` when it is not null.
class InfoAnswer {
public:
    InfoAnswer(size_t size, void* value, size_t* sizeRet)
        : m_size(size), m_value(value), m_sizeRet(sizeRet) {}
    cl_int bytes(const void* data, size_t n) const {
        if (m_value && m_size < n) return CL_INVALID_VALUE;
        if (m_value && n) std::memcpy(m_value, data, n);
        if (m_sizeRet) *m_sizeRet = n;
        return CL_SUCCESS;
    }
    template <class T>
    cl_int scalar(const T& v) const {
        return bytes(&v, sizeof(T));
    }
    /// A NUL-terminated string.
    cl_int string(const std::string& s) const { return bytes(s.c_str(), s.size() + 1); }
    template <class T>
    cl_int array(const std::vector<T>& v) const {
        return bytes(v.data(), v.size() * sizeof(T));
    }

private:
    size_t m_size;
    void* m_value;
    size_t* m_sizeRet;
};

} // namespace clstep::ocl
