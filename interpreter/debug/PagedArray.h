#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>

namespace clstep::debug {

/// A fixed-length array of small values stored as pages of `kPageElements` elements that
/// are shared, copy-on-write, between copies: copying a PagedArray copies only the page
/// pointers, and writing an element through a copy clones just that one page. A page that
/// was never written holds no memory (every element reads as fill()). Snapshots of the
/// debugger use it so that the bytes, flags and last-access arrays of a 64 MiB buffer that a
/// step did not change are shared with the previous snapshot (docs/architecture.md,
/// "Snapshots"). Not thread-safe for writes; copies may be read from any thread.
template <typename T>
class PagedArray {
public:
    /// Elements per page (the last page may be shorter).
    static constexpr size_t kPageElements = 16384;
    using Page = std::vector<T>;
    using PagePtr = std::shared_ptr<Page>;

    PagedArray() = default;
    /// `n` elements equal to `value` (no page allocated).
    PagedArray(size_t n, T value) { assign(n, value); }
    /// A copy of `v` (implicit, so that `region.bytes = std::vector<uint8_t>{...}` works).
    PagedArray(const std::vector<T>& v) { assign(v.begin(), v.end()); } // NOLINT
    PagedArray(std::initializer_list<T> v) { assign(v.begin(), v.end()); }

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// The value of elements on pages that were never written.
    T fill() const { return m_fill; }
    size_t pageCount() const { return m_pages.size(); }
    /// Elements on page `p` (kPageElements, less on the last page).
    size_t pageLength(size_t p) const {
        return std::min(kPageElements, m_size - p * kPageElements);
    }
    /// Page `p`, or null when every element of it is fill().
    const PagePtr& page(size_t p) const { return m_pages[p]; }
    /// Shares `page` (pageLength(p) elements, or null for fill()) as page `p`.
    void setPage(size_t p, PagePtr page) { m_pages[p] = std::move(page); }
    /// Whether page `p` is the same object in both arrays (shared, not just equal).
    bool sharesPage(const PagedArray& o, size_t p) const {
        return p < m_pages.size() && p < o.m_pages.size() && m_pages[p] == o.m_pages[p] &&
               (m_pages[p] || m_fill == o.m_fill);
    }

    /// Element `i` (i < size()).
    T operator[](size_t i) const {
        const PagePtr& pg = m_pages[i / kPageElements];
        return pg ? (*pg)[i % kPageElements] : m_fill;
    }
    T at(size_t i) const { return i < m_size ? (*this)[i] : throwRange(); }
    /// A writable reference to element `i`: its page is cloned first when shared.
    T& operator[](size_t i) { return (*writablePage(i / kPageElements))[i % kPageElements]; }

    /// `n` elements equal to `value`; frees every page.
    void assign(size_t n, T value) {
        m_pages.assign((n + kPageElements - 1) / kPageElements, nullptr);
        m_size = n;
        m_fill = value;
    }
    template <typename It>
    void assign(It first, It last) {
        const size_t n = static_cast<size_t>(std::distance(first, last));
        assign(n, T{});
        for (size_t p = 0; p < m_pages.size(); ++p) {
            auto pg = std::make_shared<Page>(pageLength(p));
            for (T& e : *pg)
                e = *first++;
            m_pages[p] = std::move(pg);
        }
    }
    /// Grows (new elements equal `value`) or shrinks to `n` elements.
    void resize(size_t n, T value = T{}) {
        if (n == m_size) return;
        if (m_size == 0) {
            assign(n, value);
            return;
        }
        const size_t old = m_size;
        if (n < old) {
            m_pages.resize((n + kPageElements - 1) / kPageElements);
            m_size = n;
            if (n % kPageElements && m_pages.back()) {
                auto pg = std::make_shared<Page>(*m_pages.back());
                pg->resize(n % kPageElements);
                m_pages.back() = std::move(pg);
            }
            return;
        }
        m_pages.resize((n + kPageElements - 1) / kPageElements);
        m_size = n;
        for (size_t i = old; i < n;) {
            const size_t p = i / kPageElements;
            const size_t end = std::min(n, (p + 1) * kPageElements);
            if (!m_pages[p] && value == m_fill && i % kPageElements == 0) {
                i = end;
                continue;
            }
            Page& pg = *writablePage(p);
            for (; i < end; ++i)
                pg[i % kPageElements] = value;
        }
    }
    void clear() { assign(0, T{}); }
    /// Sets elements [begin, end) to `value` (pages cloned when shared).
    void fillRange(size_t begin, size_t end, T value) {
        end = std::min(end, m_size);
        while (begin < end) {
            const size_t p = begin / kPageElements;
            const size_t stop = std::min(end, (p + 1) * kPageElements);
            if (m_pages[p] || value != m_fill) {
                Page& pg = *writablePage(p);
                std::fill(pg.begin() + static_cast<long>(begin % kPageElements),
                          pg.begin() + static_cast<long>((stop - 1) % kPageElements + 1), value);
            }
            begin = stop;
        }
    }
    /// Copies elements [offset, offset + n) to `out` (clipped at size(); returns the count).
    size_t copyTo(size_t offset, size_t n, T* out) const {
        if (offset >= m_size) return 0;
        n = std::min(n, m_size - offset);
        for (size_t k = 0; k < n;) {
            const size_t i = offset + k;
            const size_t p = i / kPageElements;
            const size_t take = std::min(n - k, (p + 1) * kPageElements - i);
            if (const PagePtr& pg = m_pages[p])
                std::copy_n(pg->data() + i % kPageElements, take, out + k);
            else
                std::fill_n(out + k, take, m_fill);
            k += take;
        }
        return n;
    }
    /// Elements [offset, offset + n) as a vector (clipped at size()).
    std::vector<T> slice(size_t offset, size_t n) const {
        std::vector<T> v(offset < m_size ? std::min(n, m_size - offset) : 0);
        copyTo(offset, v.size(), v.data());
        return v;
    }
    std::vector<T> toVector() const { return slice(0, m_size); }

    /// Read-only iteration (values, not references).
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = T;
        const_iterator(const PagedArray* a, size_t i) : m_a(a), m_i(i) {}
        T operator*() const { return (*m_a)[m_i]; }
        const_iterator& operator++() {
            ++m_i;
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator t = *this;
            ++m_i;
            return t;
        }
        bool operator==(const const_iterator& o) const { return m_i == o.m_i; }
        bool operator!=(const const_iterator& o) const { return m_i != o.m_i; }

    private:
        const PagedArray* m_a;
        size_t m_i;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_size}; }

    /// Equal sizes and elements (shared pages are not compared element by element).
    friend bool operator==(const PagedArray& a, const PagedArray& b) {
        if (a.m_size != b.m_size) return false;
        for (size_t p = 0; p < a.m_pages.size(); ++p) {
            if (a.sharesPage(b, p)) continue;
            const size_t base = p * kPageElements, n = a.pageLength(p);
            for (size_t k = 0; k < n; ++k)
                if (a[base + k] != b[base + k]) return false;
        }
        return true;
    }

private:
    [[noreturn]] static T throwRange() { throw std::out_of_range("PagedArray::at"); }
    /// Page `p`, allocated (from fill()) or cloned (when shared) so that it can be written.
    /// A shorter old last page (after resize) is extended with fill().
    Page* writablePage(size_t p) {
        PagePtr& pg = m_pages[p];
        const size_t len = pageLength(p);
        if (!pg) {
            pg = std::make_shared<Page>(len, m_fill);
        } else if (pg.use_count() > 1 || pg->size() != len) {
            auto copy = std::make_shared<Page>(*pg);
            copy->resize(len, m_fill);
            pg = std::move(copy);
        }
        return pg.get();
    }

    std::vector<PagePtr> m_pages;
    size_t m_size = 0;
    T m_fill{};
};

} // namespace clstep::debug
