#include "checks/CheckSet.h"

#include "checks/AsyncCopyChecker.h"
#include "checks/EndianTracer.h"
#include "checks/RaceDetector.h"
#include "checks/UninitializedChecker.h"
#include "runtime/KernelRun.h"

namespace clstep {

CheckSet::CheckSet(const CheckOptions& options) : m_options(options) {
    if (options.dataRaces)
        m_races =
            std::make_unique<RaceDetector>(m_details, options.uniformWrites, options.strictRaces);
    if (options.uninitialized)
        m_uninitialized = std::make_unique<UninitializedChecker>(m_details, options.noInitOrigins);
    if (options.endianEvents) m_endian = std::make_unique<EndianTracer>(m_details);
    if (options.asyncCopies) m_asyncCopies = std::make_unique<AsyncCopyChecker>(m_details);
}

CheckSet::~CheckSet() = default;

void CheckSet::attach(KernelRun& run) {
    if (m_races) run.addObserver(m_races.get());
    if (m_uninitialized) run.addObserver(m_uninitialized.get());
    // Conversions only happen when the device's byte order differs from the (little-endian)
    // host's; otherwise the tracer would only cost a call per access.
    if (m_endian && run.options().deviceBigEndian) run.addObserver(m_endian.get());
    if (m_asyncCopies) run.addObserver(m_asyncCopies.get());
}

} // namespace clstep
