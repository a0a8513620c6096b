#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

namespace clstep {

/// A fixed-length array whose pages of `kPageElements` elements are allocated on the first
/// write through the non-const operator[]; until then every element of a page reads as the
/// fill value. Shadow memories of the runtime checks use it, so that a check observing a few
/// accesses of a 64 MiB buffer costs a few pages, not a shadow of the whole buffer (issue 16
/// item 7). Not copyable (one owner; use PagedArray for shared copy-on-write pages).
template <typename T>
class SparseArray {
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
        if (!p) {
            p = std::make_unique<T[]>(kPageElements);
            std::fill_n(p.get(), kPageElements, m_fill);
        }
        return p[i & (kPageElements - 1)];
    }
    /// Pages allocated so far (for tests and statistics).
    size_t pagesAllocated() const {
        return static_cast<size_t>(
            std::count_if(m_pages.begin(), m_pages.end(), [](const auto& p) { return !!p; }));
    }

private:
    std::vector<std::unique_ptr<T[]>> m_pages;
    size_t m_size = 0;
    T m_fill{};
};

} // namespace clstep
