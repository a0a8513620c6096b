// FootprintLedger: do the work-groups of a parallel run share a written `__global` byte?
#include "runtime/FootprintLedger.h"

namespace clstep {

FootprintLedger::~FootprintLedger() {
    for (const Shadow& s : m_shadows)
        GroupFootprint::releaseShadow(s.bits);
}

bool FootprintLedger::add(const std::vector<GroupFootprint::Block>& blocks) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_dependent) return false;
    for (const GroupFootprint::Block& b : blocks) {
        if (b.buffer >= m_shadows.size()) m_shadows.resize(b.buffer + 1);
        Shadow& shadow = m_shadows[b.buffer];
        if (!shadow.bits) {
            const Buffer* buffer =
                m_global.buffer(address::make(AddressSpace::Global, b.buffer, 0));
            shadow.blocks = buffer ? (buffer->size() + 63) / 64 : 0;
            shadow.bits = GroupFootprint::newShadow(buffer ? buffer->size() : 0);
        }
        if (!shadow.bits && shadow.blocks) { // out of memory: nothing is proven
            m_dependent = true;
            return false;
        }
        if (b.block >= shadow.blocks) continue; // not reached: the footprint is in bounds
        GroupFootprint::Bits& seen = shadow.bits[b.block];
        if ((b.bits.written & (seen.read | seen.written)) | (b.bits.read & seen.written)) {
            m_dependent = true;
            return false;
        }
        seen.read |= b.bits.read;
        seen.written |= b.bits.written;
    }
    return true;
}

bool FootprintLedger::dependent() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_dependent;
}

} // namespace clstep
