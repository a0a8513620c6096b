#pragma once

#include "core/AddressSpace.h"
#include "runtime/FrameStack.h"
#include "runtime/Memory.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace clstep {

namespace ast {
struct FunctionDecl;
struct Stmt;
} // namespace ast

/// A work-item's call frames and the `__private` memory they live in (spec 3.3.1): a part
/// of WorkItem. The Evaluator pushes a frame per call and pops it at return; finished
/// frames keep their storage for the next call at their depth (pushFrame(), popFrame(),
/// FrameStack), so a call in a hot loop allocates nothing.
struct CallStack {
    /// One active call: the function, the private address of each variable and parameter
    /// slot, and the temporaries to release at return.
    struct Frame {
        const ast::FunctionDecl* function = nullptr;
        std::vector<uint64_t> addresses; ///< address of each variable/parameter (by frame slot)
        std::vector<uint8_t*> direct;    ///< bytes of private scalar slots (fast path), else null
        std::vector<uint64_t> temps;     ///< temporaries released at return
        /// Structures returned by calls made in this frame: temporaries whose lifetime ends
        /// with their full expression (C11 6.2.4p8), released when the frame's next
        /// statement starts (Evaluator::stepAt) or at return. A loop calling a function
        /// that returns a structure millions of times keeps one or two of them alive, not
        /// one per call (issue #13: the private address space ran out of allocations).
        std::vector<uint64_t> exprTemps;
        const ast::Stmt* callSite = nullptr; ///< caller's statement making this call
    };

    /// The work-item's `__private` memory (variables, parameters, temporaries).
    Memory memory{AddressSpace::Private};
    /// The active calls, the kernel's first (empty before the start and after the end). A
    /// finished frame stays in place with its storage for the next call at its depth
    /// (FrameStack), so a call in a hot loop allocates nothing and moves no frame.
    FrameStack<Frame> frames;

    /// Pushes onto `frames` a frame for `fn` with `slotCount` empty slots (`fn->frameSlots`),
    /// reusing the storage of the frame that was last at that depth (no temporaries, no call
    /// site), and returns it.
    Frame& pushFrame(const ast::FunctionDecl* fn, uint32_t slotCount) {
        Frame& f = frames.push();
        f.function = fn;
        refill(f.addresses, slotCount, uint64_t(0));
        refill(f.direct, slotCount, static_cast<uint8_t*>(nullptr));
        return f;
    }
    /// Sets `v` to `n` copies of `value` (a frame's slots: a few), by a loop of stores rather
    /// than assign()'s memset call when the storage is there.
    template <class T>
    static void refill(std::vector<T>& v, uint32_t n, T value) {
        if (n > v.capacity()) [[unlikely]] {
            v.assign(n, value);
            return;
        }
        v.resize(n);
        T* p = v.data();
        for (uint32_t i = 0; i < n; ++i) {
            p[i] = value;
            __asm__("" : "+r"(i)); // a loop of stores: not turned into a memset call
        }
    }
    /// Ends the innermost call and returns its frame, slots and temporaries as they were,
    /// for the caller to release them: valid until the next pushFrame().
    Frame& popFrame() {
        Frame& done = frames.back();
        frames.pop_back();
        return done;
    }
};

} // namespace clstep
