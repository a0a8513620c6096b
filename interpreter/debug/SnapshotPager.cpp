#include "debug/SnapshotPager.h"

#include "debug/Snapshot.h"

#include <cstring>

namespace clstep::debug {

void SnapshotPager::beginSnapshot() {
    for (auto& [key, e] : m_entries)
        e.used = false;
}

void SnapshotPager::endSnapshot() {
    for (auto it = m_entries.begin(); it != m_entries.end();)
        it = it->second.used ? std::next(it) : m_entries.erase(it);
}

PagedArray<uint8_t> SnapshotPager::bytes(const Key& key, const std::vector<uint8_t>& now) {
    using A = PagedArray<uint8_t>;
    Entry& e = m_entries[key];
    e.used = true;
    A out(now.size(), 0);
    const bool same = e.bytes.size() == now.size();
    for (size_t p = 0; p < out.pageCount(); ++p) {
        const size_t base = p * A::kPageElements, len = out.pageLength(p);
        const auto& old = same ? e.bytes.page(p) : nullptr;
        if (old && old->size() == len && std::memcmp(old->data(), now.data() + base, len) == 0)
            out.setPage(p, old);
        else
            out.setPage(p, std::make_shared<A::Page>(now.begin() + static_cast<long>(base),
                                                     now.begin() + static_cast<long>(base + len)));
    }
    e.bytes = out;
    return out;
}

PagedArray<uint8_t> SnapshotPager::flags(const Key& key, size_t n, const AccessTracer::Shadow* sh,
                                         bool initialised, uint64_t step,
                                         const std::vector<bool>& markPages) {
    using A = PagedArray<uint8_t>;
    Entry& e = m_entries[key];
    e.used = true;
    const uint8_t base = initialised ? ByteWritten : 0;
    A out(n, base);
    if (!sh) {
        e.flags = out;
        e.versions.clear();
        e.marked.clear();
        e.hasShadow = false;
        e.initialised = initialised;
        return out;
    }
    const bool reuse = e.hasShadow && e.initialised == initialised && e.flags.size() == n;
    std::vector<uint64_t> versions(out.pageCount(), 0);
    std::vector<bool> marked(out.pageCount(), false);
    for (size_t p = 0; p < out.pageCount(); ++p) {
        const uint64_t v = p < sh->version.size() ? sh->version[p] : 0;
        const bool mark = p < markPages.size() && markPages[p];
        versions[p] = v;
        marked[p] = mark;
        const bool inShadow = p < sh->written.pageCount();
        const bool blank = !inShadow || (!sh->written.page(p) && !sh->lastWrite.page(p) &&
                                         (p >= sh->endian.pageCount() || !sh->endian.page(p)));
        if (blank && !mark) continue; // every byte is `base`
        if (reuse && !mark && p < e.versions.size() && e.versions[p] == v && !e.marked[p]) {
            out.setPage(p, e.flags.page(p));
            continue;
        }
        const size_t first = p * A::kPageElements, len = out.pageLength(p);
        auto pg = std::make_shared<A::Page>(len, base);
        for (size_t k = 0; k < len; ++k) {
            const size_t i = first + k;
            if (i >= sh->written.size()) break;
            uint8_t f = base | sh->written[i];
            if (sh->lastWrite[i]) f |= ByteLastAccessWrite;
            if (i < sh->endian.size() && sh->endian[i]) f |= ByteEndian;
            if (mark && sh->accessor[i] >= 0 && sh->step[i] == step)
                f |= sh->lastWrite[i] ? ByteLastWrite : ByteLastRead;
            (*pg)[k] = f;
        }
        out.setPage(p, std::move(pg));
    }
    e.flags = out;
    e.versions = std::move(versions);
    e.marked = std::move(marked);
    e.hasShadow = true;
    e.initialised = initialised;
    return out;
}

} // namespace clstep::debug
