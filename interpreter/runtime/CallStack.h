#pragma once

#include "core/AddressSpace.h"
#include "runtime/Memory.h"

#include <cstdint>
#include <vector>

namespace clstep {

namespace ast {
struct FunctionDecl;
struct Stmt;
} // namespace ast

/// A work-item's call frames and the `__private` memory they live in (spec 3.3.1): a part
/// of WorkItem. The Evaluator pushes a frame per call and pops it at return; finished
/// frames keep their storage for the next call (pushFrame(), popFrame(), takeFrame(),
/// recycle()), so a call in a hot loop allocates nothing.
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
    /// The active calls, the kernel's first (empty before the start and after the end).
    std::vector<Frame> frames;
    /// Storage of finished frames, reused by takeFrame().
    std::vector<Frame> spare;

    /// A frame for `fn`, reusing a finished frame's storage: its slots and direct pointers
    /// left as they were (the caller fills in all fn->frameSlots of them), no temporaries,
    /// no call site.
    Frame takeFrame(const ast::FunctionDecl* fn) {
        Frame f;
        adoptSpare(f);
        f.function = fn;
        return f;
    }
    /// Gives the empty frame `f` the storage of the last finished frame, if there is one
    /// (its slots and direct pointers as they were; its temporaries emptied).
    void adoptSpare(Frame& f) {
        if (spare.empty()) return;
        Frame& s = spare.back();
        f.addresses.swap(s.addresses);
        f.direct.swap(s.direct);
        f.temps.swap(s.temps);
        f.exprTemps.swap(s.exprTemps);
        spare.pop_back();
        f.temps.clear();
        f.exprTemps.clear();
    }
    /// Pushes onto `frames` a frame for `fn` with `slotCount` empty slots (`fn->frameSlots`),
    /// reusing a finished frame's storage (as takeFrame()), and returns it: built in place,
    /// not moved in.
    Frame& pushFrame(const ast::FunctionDecl* fn, uint32_t slotCount) {
        Frame& f = frames.emplace_back();
        adoptSpare(f);
        f.function = fn;
        f.addresses.assign(slotCount, 0);
        f.direct.assign(slotCount, nullptr);
        return f;
    }
    /// Ends the innermost call: its frame goes to `spare` (the last one), slots and
    /// temporaries as they were, for the caller to release them; its storage is reused by
    /// the next pushFrame() or takeFrame().
    Frame& popFrame() {
        Frame& done = spare.emplace_back();
        Frame& f = frames.back();
        done.addresses.swap(f.addresses);
        done.direct.swap(f.direct);
        done.temps.swap(f.temps);
        done.exprTemps.swap(f.exprTemps);
        frames.pop_back();
        return done;
    }
    /// Keeps a finished frame's storage for takeFrame().
    void recycle(Frame&& f) { spare.push_back(std::move(f)); }
    /// Ends every active call, keeping the frames' storage for takeFrame().
    void recycleAll() {
        for (Frame& done : frames)
            recycle(std::move(done));
        frames.clear();
    }
};

} // namespace clstep
