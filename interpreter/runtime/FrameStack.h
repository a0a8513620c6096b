#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace clstep {

/// The active call frames of a work-item (CallStack::frames), innermost last, with the
/// std::vector operations the interpreter uses; a popped frame stays constructed in place,
/// its storage (the vectors of its slots and temporaries) kept for the next push at that
/// depth, so a call pushes and pops without moving a frame. `Frame` is CallStack::Frame:
/// default-constructible, movable, with the vectors `temps` and `exprTemps` and the fields
/// `function` and `callSite`, which push() resets (the caller fills in the slots).
template <class Frame>
class FrameStack {
public:
    FrameStack() = default;
    /// Not copyable (m_end points into m_frames); a move takes the frames' storage with it.
    FrameStack(const FrameStack&) = delete;
    FrameStack& operator=(const FrameStack&) = delete;
    FrameStack(FrameStack&& o) noexcept : m_frames(std::move(o.m_frames)), m_end(o.m_end) {
        o.m_end = o.m_frames.data();
    }
    FrameStack& operator=(FrameStack&& o) noexcept {
        m_frames = std::move(o.m_frames);
        m_end = o.m_end;
        o.m_end = o.m_frames.data();
        return *this;
    }
    /// Active frames.
    size_t size() const { return static_cast<size_t>(m_end - m_frames.data()); }
    bool empty() const { return m_end == m_frames.data(); }
    Frame& back() { return m_end[-1]; }
    const Frame& back() const { return m_end[-1]; }
    Frame& operator[](size_t i) { return m_frames[i]; }
    const Frame& operator[](size_t i) const { return m_frames[i]; }
    Frame* begin() { return m_frames.data(); }
    Frame* end() { return m_end; }
    const Frame* begin() const { return m_frames.data(); }
    const Frame* end() const { return m_end; }

    /// A new innermost frame: the one kept at this depth (its slot vectors as they were,
    /// its temporaries emptied, no function, no call site), else a new one.
    Frame& push() {
        if (m_end != m_frames.data() + m_frames.size()) [[likely]] {
            Frame& f = *m_end++;
            f.temps.clear();
            f.exprTemps.clear();
            f.function = nullptr;
            f.callSite = nullptr;
            return f;
        }
        m_frames.emplace_back();
        m_end = m_frames.data() + m_frames.size();
        return m_end[-1];
    }
    /// Pushes `f` (moved in) as the innermost frame.
    void push_back(Frame&& f) {
        if (m_end != m_frames.data() + m_frames.size()) {
            *m_end++ = std::move(f);
            return;
        }
        m_frames.push_back(std::move(f));
        m_end = m_frames.data() + m_frames.size();
    }
    /// Ends the innermost frame; it stays in place, valid until the next push (the caller
    /// still reads its slots to release them).
    void pop_back() { --m_end; }
    /// Ends every frame (their storage kept).
    void clear() { m_end = m_frames.data(); }
    /// Frames kept, active or not (for tests).
    size_t kept() const { return m_frames.size(); }

private:
    std::vector<Frame> m_frames; ///< the active frames first, then the others kept for reuse
    Frame* m_end = nullptr;      ///< one past the innermost active frame (in m_frames)
};

} // namespace clstep
