#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace clstep {

/// A side effect to run in work-group order (KernelRun::inGroupOrder, GroupSequencer::post):
/// a move-only `void()` callable like std::function, but a callable of up to kInlineBytes
/// bytes (the race detector's record of one `__global` access is about 140) is stored inside
/// the object instead of on the heap, so queueing one allocates nothing. Larger callables are
/// moved to the heap. Calling an empty GroupAction is undefined (never done: post() takes
/// only non-empty ones).
class GroupAction {
public:
    /// Bytes of a callable stored inline.
    static constexpr size_t kInlineBytes = 176;

    /// An empty action.
    GroupAction() noexcept = default;

    /// Wraps callable `f` (any `void()` callable that is move-constructible).
    template <class F, class D = std::decay_t<F>,
              class = std::enable_if_t<!std::is_same_v<D, GroupAction>>>
    GroupAction(F&& f) { // NOLINT: implicit, as std::function's
        if constexpr (fitsInline<D>()) {
            new (m_storage) D(std::forward<F>(f));
            m_ops = &kInlineOps<D>;
        } else {
            *reinterpret_cast<D**>(m_storage) = new D(std::forward<F>(f));
            m_ops = &kHeapOps<D>;
        }
    }

    GroupAction(GroupAction&& other) noexcept : m_ops(other.m_ops) {
        if (m_ops) m_ops->move(other.m_storage, m_storage);
        other.m_ops = nullptr;
    }

    GroupAction& operator=(GroupAction&& other) noexcept {
        if (this != &other) {
            reset();
            m_ops = other.m_ops;
            if (m_ops) m_ops->move(other.m_storage, m_storage);
            other.m_ops = nullptr;
        }
        return *this;
    }

    GroupAction(const GroupAction&) = delete;
    GroupAction& operator=(const GroupAction&) = delete;

    ~GroupAction() { reset(); }

    /// Runs the callable.
    void operator()() { m_ops->invoke(m_storage); }

    /// True unless empty.
    explicit operator bool() const noexcept { return m_ops != nullptr; }

private:
    struct Ops {
        void (*invoke)(void* storage);
        /// Moves the callable from `from` into the raw storage `to` and destroys the source.
        void (*move)(void* from, void* to) noexcept;
        void (*destroy)(void* storage) noexcept;
    };

    template <class D>
    static constexpr bool fitsInline() {
        return sizeof(D) <= kInlineBytes && alignof(D) <= alignof(std::max_align_t) &&
               std::is_nothrow_move_constructible_v<D>;
    }

    template <class D>
    static constexpr Ops kInlineOps = {
        [](void* s) { (*std::launder(static_cast<D*>(s)))(); },
        [](void* from, void* to) noexcept {
            D* f = std::launder(static_cast<D*>(from));
            new (to) D(std::move(*f));
            f->~D();
        },
        [](void* s) noexcept { std::launder(static_cast<D*>(s))->~D(); },
    };

    template <class D>
    static constexpr Ops kHeapOps = {
        [](void* s) { (**static_cast<D**>(s))(); },
        [](void* from, void* to) noexcept { *static_cast<D**>(to) = *static_cast<D**>(from); },
        [](void* s) noexcept { delete *static_cast<D**>(s); },
    };

    void reset() noexcept {
        if (m_ops) m_ops->destroy(m_storage);
        m_ops = nullptr;
    }

    alignas(std::max_align_t) unsigned char m_storage[kInlineBytes];
    const Ops* m_ops = nullptr;
};

} // namespace clstep
