#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace clstep {

/// A fixed-length array whose pages of `kPageElements` elements are allocated on the first
/// write through the non-const operator[]; until then every element of a page reads as the
/// fill value. Shadow memories of the runtime checks use it, so that a check observing a few
/// accesses of a 64 MiB buffer costs a few pages, not a shadow of the whole buffer (issue 16
/// item 7). Not copyable (one owner; use PagedArray for shared copy-on-write pages).
/// `T` is trivially copyable. Pages are malloc'ed and filled, not calloc'ed: a calloc'ed page
/// (over malloc's mmap threshold) came fresh from the system at each run, and the page faults
/// made a checked two-thread vecadd 0.14 s -> 0.37 s of system time (bench/README.md, racerec).
template <typename T>
class SparseArray {
    static_assert(std::is_trivially_copyable_v<T>, "pages are raw zeroed memory");

public:
    static constexpr size_t kPageBits = 12;
    static constexpr size_t kPageElements = size_t(1) << kPageBits; ///< elements per page

    SparseArray() = default;
    SparseArray(const SparseArray&) = delete;
    SparseArray& operator=(const SparseArray&) = delete;
    SparseArray(SparseArray&&) noexcept = default;
    SparseArray& operator=(SparseArray&&) noexcept = default;

    /// `n` elements equal to `value`; frees every page.
    void assign(size_t n, const T& value) {
        m_pages.clear();
        m_pages.resize((n + kPageElements - 1) / kPageElements);
        m_size = n;
        m_fill = value;
    }
    size_t size() const { return m_size; }
    /// Element `i` (i < size()); fill value on a page never written.
    const T& operator[](size_t i) const {
        const auto& p = m_pages[i >> kPageBits];
        return p ? p[i & (kPageElements - 1)] : m_fill;
    }
    /// Writable element `i` (i < size()): allocates its page on first use.
    T& operator[](size_t i) {
        auto& p = m_pages[i >> kPageBits];
        if (!p) [[unlikely]]
            p.reset(newPage());
        return p[i & (kPageElements - 1)];
    }
    /// Pages allocated so far (for tests and statistics).
    size_t pagesAllocated() const {
        return static_cast<size_t>(
            std::count_if(m_pages.begin(), m_pages.end(), [](const auto& p) { return !!p; }));
    }

private:
    struct FreePage {
        void operator()(T* p) const { std::free(p); }
    };
    /// A page of kPageElements fill values (throws std::bad_alloc when memory ran out).
    T* newPage() const {
        T* page = static_cast<T*>(std::malloc(kPageElements * sizeof(T)));
        if (!page) throw std::bad_alloc();
        std::fill_n(page, kPageElements, m_fill);
        return page;
    }
    std::vector<std::unique_ptr<T[], FreePage>> m_pages;
    size_t m_size = 0;
    T m_fill{};
};

} // namespace clstep
