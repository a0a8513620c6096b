#pragma once

#include <array>
#include <cstdint>

namespace clstep {

/// Who a work-item is (spec 3.2, 6.13.1): its local id, local linear id and global id, and
/// the global id of its work-group's first work-item. A part of WorkItem: WorkItem::attach()
/// places it in a work-group (placeInGroup()), WorkItem::setLocalId() gives it its local id
/// (setLocalId()); the builtins read it through WorkItem::globalId(), localId() and
/// localLinearId().
struct WorkItemIdentity {
    std::array<uint64_t, 3> localId{};  ///< get_local_id(0..2)
    uint64_t localLinearId = 0;         ///< get_local_linear_id(), set with localId
    std::array<uint64_t, 3> globalId{}; ///< get_global_id(0..2)
    /// Global id of local id (0, 0, 0) in the work-item's group: group id * local size +
    /// global offset, per dimension.
    std::array<uint64_t, 3> groupBase{};

    /// Places the work-item in work-group `groupId` of an NDRange with local size `local`
    /// and global offset `offset` (work-items, per dimension).
    void placeInGroup(const std::array<uint64_t, 3>& groupId, const std::array<uint64_t, 3>& local,
                      const std::array<uint64_t, 3>& offset) {
        for (int d = 0; d < 3; ++d)
            groupBase[d] = groupId[d] * local[d] + offset[d];
    }
    /// Sets the local id `id` in a work-group of `size` work-items per dimension, and with it
    /// the global id and the local linear id (lz * lsy * lsx + ly * lsx + lx, 2.0 6.13.1).
    void setLocalId(const std::array<uint64_t, 3>& id, const std::array<uint64_t, 3>& size) {
        localId = id;
        for (int d = 0; d < 3; ++d)
            globalId[d] = groupBase[d] + id[d];
        localLinearId = id[0] + size[0] * (id[1] + size[1] * id[2]);
    }
};

} // namespace clstep
