// SweepResults: a sweep's runs compared with the reference as they finish (bounded memory).
#include "launch/SweepResults.h"

#include "launch/BufferComparison.h"

#include <algorithm>

namespace clstep::launch {

namespace {

constexpr size_t kDifferencesKept = 20; ///< first differing elements kept per class

} // namespace

SweepResults::SweepResults(size_t configurations, std::vector<KernelArgSpec> specs, uint64_t ulp,
                           bool keepBuffers)
    : m_specs(std::move(specs)), m_ulp(ulp), m_keepBuffers(keepBuffers), m_runs(configurations),
      m_arrived(configurations, 0) {}

uint64_t SweepResults::bytesOf(const SweepRunResult& run) {
    uint64_t bytes = 0;
    for (const std::vector<uint8_t>& d : run.dumps)
        bytes += d.size();
    return bytes;
}

void SweepResults::retain(uint64_t bytes) {
    m_retained += bytes;
    m_peak = std::max(m_peak, m_retained);
}

void SweepResults::release(SweepRunResult& run) {
    const uint64_t bytes = bytesOf(run);
    if (bytes) --m_retainedRuns;
    m_retained -= bytes;
    // swap with empty vectors: clear() would keep the capacity
    for (std::vector<uint8_t>& d : run.dumps)
        std::vector<uint8_t>().swap(d);
}

void SweepResults::setExpected(std::function<ExpectedBuffers(size_t)> expected, size_t limit) {
    m_expected = std::move(expected);
    m_expectedLimit = limit;
    m_compared.assign(m_runs.size(), {});
}

void SweepResults::add(size_t index, SweepRunResult result) {
    // compared with its expected buffers outside the lock (other runs go on meanwhile)
    ExpectedComparison compared;
    if (m_expected && index < m_runs.size() && result.launched)
        if (const ExpectedBuffers expected = m_expected(index)) {
            compared.compared = true;
            for (size_t i = 0; i < expected->size() && i < m_specs.size(); ++i) {
                if (!m_specs[i].dump) continue;
                static const std::vector<uint8_t> none;
                const std::vector<uint8_t>& actual =
                    i < result.dumps.size() ? result.dumps[i] : none;
                uint64_t total = 0;
                auto elements = BufferComparison::differences(
                    m_specs[i], (*expected)[i], actual, m_ulp,
                    m_expectedLimit - std::min(m_expectedLimit, compared.elements.size()), &total);
                compared.total += total;
                compared.elements.insert(compared.elements.end(), elements.begin(), elements.end());
            }
        }
    {
        std::lock_guard lock(m_mutex);
        if (index >= m_runs.size() || m_arrived[index]) return;
        if (m_expected) m_compared[index] = std::move(compared);
        m_arrived[index] = 1;
        m_runs[index] = std::move(result);
        if (const uint64_t bytes = bytesOf(m_runs[index])) {
            ++m_retainedRuns;
            retain(bytes);
        }
        if (m_reference != ~size_t(0)) {
            if (m_runs[index].launched) classify(index);
        } else {
            if (m_runs[index].launched) m_held.push_back(index);
            advance();
        }
    }
    m_changed.notify_all();
}

void SweepResults::waitUntilHeldBelow(size_t limit) {
    if (limit == 0) return;
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_held.size() < limit; });
}

void SweepResults::advance() {
    while (m_reference == ~size_t(0) && m_scan < m_runs.size() && m_arrived[m_scan]) {
        if (m_runs[m_scan].launched)
            m_reference = m_scan;
        else
            ++m_scan;
    }
    if (m_reference == ~size_t(0)) return;
    std::vector<size_t> held;
    held.swap(m_held);
    std::sort(held.begin(), held.end());
    for (size_t i : held)
        classify(i);
}

bool SweepResults::equalToReference(const SweepRunResult& run) const {
    const SweepRunResult& ref = m_runs[m_reference];
    for (size_t i = 0; i < ref.dumps.size() && i < run.dumps.size() && i < m_specs.size(); ++i) {
        if (ref.dumps[i].size() != run.dumps[i].size()) return false;
        const ElementType type = m_specs[i].type.value_or(ElementType::UChar);
        const size_t size = elementSize(type);
        for (size_t at = 0; at + size <= ref.dumps[i].size(); at += size)
            if (!BufferComparison::equalElements(type, ref.dumps[i].data() + at,
                                                 run.dumps[i].data() + at, m_ulp))
                return false;
    }
    return true;
}

uint64_t SweepResults::digest(const SweepRunResult& run) const {
    // FNV-1a, 64 bits, over each compared buffer's size and bytes
    uint64_t h = 14695981039346656037ull;
    auto mix = [&h](uint8_t b) {
        h ^= b;
        h *= 1099511628211ull;
    };
    for (size_t i = 0; i < run.dumps.size() && i < m_specs.size(); ++i) {
        const uint64_t size = run.dumps[i].size();
        for (int s = 0; s < 64; s += 8)
            mix(static_cast<uint8_t>(size >> s));
        for (uint8_t b : run.dumps[i])
            mix(b);
    }
    return h;
}

void SweepResults::classify(size_t index) {
    SweepRunResult& run = m_runs[index];
    if (index == m_reference) {
        if (m_classes.empty()) m_classes.push_back({});
        m_classes.front().members.push_back(index);
        return;
    }
    if (m_classes.empty()) m_classes.push_back({}); // the reference's, filled when it arrives
    if (equalToReference(run)) {
        m_classes.front().members.push_back(index);
    } else {
        const uint64_t d = digest(run);
        auto it = std::find_if(m_classes.begin() + 1, m_classes.end(),
                               [d](const Class& c) { return c.digest == d; });
        if (it == m_classes.end()) {
            Class c;
            c.digest = d;
            const SweepRunResult& ref = m_runs[m_reference];
            for (size_t i = 0; i < ref.dumps.size() && i < run.dumps.size() && i < m_specs.size();
                 ++i) {
                uint64_t total = 0;
                auto elements = BufferComparison::differences(
                    m_specs[i], ref.dumps[i], run.dumps[i], m_ulp,
                    kDifferencesKept - std::min(kDifferencesKept, c.elements.size()), &total);
                c.total += total;
                c.elements.insert(c.elements.end(), elements.begin(), elements.end());
            }
            m_classes.push_back(std::move(c));
            it = m_classes.end() - 1;
        }
        it->members.push_back(index);
    }
    if (!m_keepBuffers) release(run);
}

size_t SweepResults::held() const {
    std::lock_guard lock(m_mutex);
    return m_held.size();
}

uint64_t SweepResults::retainedBytes() const {
    std::lock_guard lock(m_mutex);
    return m_retained;
}

uint64_t SweepResults::peakRetainedBytes() const {
    std::lock_guard lock(m_mutex);
    return m_peak;
}

size_t SweepResults::retainedRuns() const {
    std::lock_guard lock(m_mutex);
    return m_retainedRuns;
}

namespace {

/// The classes (as member lists) in order of their first configuration, each sorted.
std::vector<size_t> classOrder(const std::vector<std::vector<size_t>>& members) {
    std::vector<size_t> order;
    for (size_t k = 0; k < members.size(); ++k)
        if (!members[k].empty()) order.push_back(k);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return *std::min_element(members[a].begin(), members[a].end()) <
               *std::min_element(members[b].begin(), members[b].end());
    });
    return order;
}

} // namespace

std::vector<std::vector<size_t>> SweepResults::resultClasses() const {
    std::lock_guard lock(m_mutex);
    std::vector<std::vector<size_t>> members;
    for (const Class& c : m_classes)
        members.push_back(c.members);
    std::vector<std::vector<size_t>> out;
    for (size_t k : classOrder(members)) {
        std::vector<size_t> m = members[k];
        std::sort(m.begin(), m.end());
        out.push_back(std::move(m));
    }
    return out;
}

std::vector<SweepDifference> SweepResults::differences() const {
    std::lock_guard lock(m_mutex);
    std::vector<std::vector<size_t>> members;
    for (const Class& c : m_classes)
        members.push_back(c.members);
    std::vector<SweepDifference> out;
    const std::vector<size_t> order = classOrder(members);
    for (size_t position = 1; position < order.size(); ++position) {
        const Class& c = m_classes[order[position]];
        SweepDifference d;
        d.firstClass = 0;
        d.secondClass = position;
        d.elements = c.elements;
        d.total = c.total;
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace clstep::launch
