#pragma once

#include <string>

namespace clstep::debug {

/// The work-item id shorthands of watch expressions (multi-watch, print): `lid`, `gid` and
/// `grp` stand for the work-item's local id, global id and work-group id (OpenCL C 6.15.1).
/// `lid.x`, `lid.y`, `lid.z` become `get_local_id(0)`, `(1)`, `(2)` (likewise `gid` with
/// get_global_id and `grp` with get_group_id); a bare `lid` becomes the local linear id
/// `get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) *
/// get_local_id(2))` (so `partial[lid]` indexes a 1-D array in any group shape), a bare `gid`
/// the global linear id without the global offset, a bare `grp` the linear work-group id.
/// Names after `.` or `->` (struct members) and inside longer identifiers are kept.
class IdShorthand {
public:
    /// `expression` with the shorthands expanded; the same text when it has none.
    static std::string expand(const std::string& expression);
    /// Whether `expression` uses one of the shorthands as a name.
    static bool uses(const std::string& expression) { return expand(expression) != expression; }
};

} // namespace clstep::debug
