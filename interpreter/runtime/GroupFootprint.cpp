// GroupFootprint: the `__global` bytes a work-group touched, handed over when it ends.
#include "runtime/GroupFootprint.h"

#include <algorithm>
#include <cstdlib>

namespace clstep {

GroupFootprint::~GroupFootprint() {
    for (Bits* b : m_shadows)
        releaseShadow(b);
}

GroupFootprint::Bits* GroupFootprint::newShadow(uint64_t bytes) {
    if (bytes == 0) return nullptr;
    // calloc: large blocks come as zero pages the host commits when they are first written
    return static_cast<Bits*>(std::calloc((bytes + 63) / 64, sizeof(Bits)));
}

void GroupFootprint::releaseShadow(Bits* shadow) {
    std::free(shadow);
}

std::vector<GroupFootprint::Block> GroupFootprint::take() {
    std::vector<Block> blocks;
    blocks.reserve(m_touched.size());
    for (const Touched& t : m_touched) {
        Bits& b = m_shadows[t.buffer][t.block];
        blocks.push_back({t.buffer, t.block, b});
        b = Bits{};
    }
    m_touched.clear();
    return blocks;
}

void GroupFootprint::recordSpan(Bits* bits, uint32_t index, uint64_t offset, uint64_t size,
                                bool write) {
    const uint64_t end = offset + size;
    while (offset < end) {
        const uint64_t bit = offset & 63;
        const uint64_t n = std::min<uint64_t>(64 - bit, end - offset);
        Bits& b = bits[offset >> 6];
        if (!(b.read | b.written)) m_touched.push_back({index, offset >> 6});
        (write ? b.written : b.read) |= (~uint64_t(0) >> (64 - n)) << bit;
        offset += n;
    }
}

GroupFootprint::Bits* GroupFootprint::prepare(uint32_t index) {
    const Buffer* b = m_global.buffer(address::make(AddressSpace::Global, index, 0));
    if (!b) return nullptr;
    if (index >= m_shadows.size()) m_shadows.resize(index + 1, nullptr);
    if (!m_shadows[index] && !(m_shadows[index] = newShadow(b->size())) && b->size())
        m_failed = true;
    return m_shadows[index];
}

} // namespace clstep
