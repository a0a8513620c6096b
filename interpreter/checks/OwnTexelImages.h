#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clstep {

class KernelRun;
struct NDRange;
namespace ast {
struct FunctionDecl;
}

/// The NDRange dimensions whose global ids name the texel of an image's writes: component k
/// of the coordinate (x, y, then z or the array layer) is get_global_id(dims[k]), for the
/// first `count` components (the ones that address the texel).
struct OwnTexelCoordinate {
    std::array<uint8_t, 3> dims{};
    uint8_t count = 0;
    friend bool operator==(const OwnTexelCoordinate&, const OwnTexelCoordinate&) = default;
};

/// For each parameter of `kernel` (in order): the coordinate of its own texel when the
/// parameter is an image the kernel only writes, each work-item at the texel of its own
/// global id, else nullopt. That is, every use of the parameter in the kernel's body is
///   - the image argument of a `write_image{f,i,ui,h}` builtin call whose coordinate
///     addresses the texel (get_global_id(d0), get_global_id(d1), ...) with distinct
///     constant dimensions d0, d1, ..., the same for every such call, or
///   - the argument of a `get_image_*` query (no texel access).
/// The coordinate is a vector literal with one element per component, or a local vector
/// variable initialized with one and never changed (no assignment to it or to a component of
/// it, no address taken). A component is "get_global_id(d)" when it is that builtin call, or a
/// local scalar variable initialized with one and never assigned, incremented or taken the address
/// of, through conversions to integer types of 32 bits or more (so the id's low 32 bits reach the
/// texel address: the same id when it is below 2^31). Variables count only in a body without
/// goto or switch, which could jump past their initializer. Anything else (a read, a call of a user
/// function, an image assigned or cast, another coordinate) gives nullopt. The analysis is
/// conservative: nullopt never makes a check leave anything out.
std::vector<std::optional<OwnTexelCoordinate>> ownTexelWrites(const ast::FunctionDecl& kernel);

/// True when `coordinate` gives distinct texels to the distinct work-items of `range`: each
/// dimension with more than one global id is among its dimensions, and every global id of
/// those dimensions is below 2^31 (so it survives the conversion to the int coordinate).
bool ownTexelsDistinct(const OwnTexelCoordinate& coordinate, const NDRange& range);

/// The `__global` buffers of `run`'s image arguments that no two work-items can access at a
/// common byte: images the kernel only writes at each work-item's own texel (ownTexelWrites,
/// ownTexelsDistinct for the run's NDRange) whose buffer no other argument points into. As
/// (buffer index, buffer serial) pairs (address::buffer and Buffer::serial). The race
/// detector need not record their accesses: a data race needs two work-items accessing the
/// same byte (OpenCL C 1.2 3.3.1).
std::vector<std::pair<uint32_t, uint64_t>> ownTexelImageBuffers(KernelRun& run);

} // namespace clstep
