// GroupFootprint: the `__global` bytes a work-group touched, handed over when it ends.
#include "runtime/GroupFootprint.h"

#include <algorithm>

namespace clstep {

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

void GroupFootprint::recordSpan(uint32_t index, uint64_t offset, uint64_t size, bool write) {
    const uint64_t end = offset + size;
    while (offset < end) {
        const uint64_t bit = offset & 63;
        const uint64_t n = std::min<uint64_t>(64 - bit, end - offset);
        const uint64_t mask = n == 64 ? ~uint64_t(0) : ((uint64_t(1) << n) - 1) << bit;
        mark(index, offset >> 6, mask, write);
        offset += n;
    }
}

bool GroupFootprint::prepare(uint32_t index) {
    const Buffer* b = m_global.buffer(address::make(AddressSpace::Global, index, 0));
    if (!b) return false;
    if (index >= m_shadows.size()) m_shadows.resize(index + 1);
    m_shadows[index].assign((b->size() + 63) / 64, Bits{});
    return m_shadows[index].size() != 0;
}

} // namespace clstep
