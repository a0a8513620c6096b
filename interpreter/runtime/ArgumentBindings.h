#pragma once

#include <cstdint>
#include <vector>

namespace clstep {

class MemoryPort;
namespace ast {
struct ParamDecl;
}

/// How a work-item binds the kernel's arguments at its start (WorkItem::bindArguments), kept
/// from one work-item to the next that reuses the same WorkItem object: a part of WorkItem.
/// Argument i lives in `__private` buffer i + 1; while those buffers are kept
/// (Memory::clear(keep)), the next work-item starts from a copy of the kernel frame's slots
/// and rewrites only the arguments the kernel may change.
struct ArgumentBindings {
    /// How kernel parameter `param` is bound (from its type, once per work-item object: a
    /// work-item serves one run).
    struct Binding {
        const ast::ParamDecl* param = nullptr;
        uint64_t size = 0;         ///< bytes of the parameter's type
        bool inPlace = false;      ///< scalar or vector: may be accessed in place (direct)
        bool localPointer = false; ///< a `__local` pointer: bound to the group's buffer
        /// The kernel never changes the parameter (exec::writtenParameters) and it is not a
        /// `__local` pointer: a kept buffer still holds the argument's bytes.
        bool unchanged = false;
        const uint8_t* value = nullptr; ///< the argument's bytes (KernelRun::parameterBytes)
        uint64_t valueBytes = 0;        ///< how many of them (at most `size`)
        /// The bytes of buffer i + 1 while it holds this argument (Memory::clear(keep) keeps
        /// them from one work-item to the next), else null.
        uint8_t* data = nullptr;
    };

    /// By parameter index (built on first use).
    std::vector<Binding> bindings;
    /// The kernel frame's slots and direct pointers right after every argument was bound
    /// into its kept buffer (1..n): the next work-item on the same port starts from a copy
    /// of them. Valid while `slotsPort` is the current port (a run's ports live as long as
    /// the work-items that use them, so a port's address is never reused).
    std::vector<uint64_t> kernelSlots;
    std::vector<uint8_t*> kernelDirect;
    const MemoryPort* slotsPort = nullptr;
    /// Leading `__private` buffers (indices 1..n) that hold the previous work-item's
    /// arguments: the next work-item binds its arguments into them (Memory::clear(keep)).
    uint32_t bound = 0;
    /// Indices of the arguments whose buffers are written again for each work-item (the
    /// others are not changed by the kernel: Binding::unchanged).
    std::vector<uint32_t> rebound;

    /// Forgets the kept buffers (their storage was taken for something else).
    void forgetKept() {
        bound = 0;
        slotsPort = nullptr;
    }
};

} // namespace clstep
