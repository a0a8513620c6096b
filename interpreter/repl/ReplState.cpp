#include "repl/ReplState.h"

#include "repl/TypeBytes.h"

#include <algorithm>
#include <cstring>

namespace clstep::repl {

PersistentVariable* ReplState::find(const std::string& name) {
    for (PersistentVariable& v : variables)
        if (v.name == name) return &v;
    return nullptr;
}

const PersistentVariable* ReplState::find(const std::string& name) const {
    for (const PersistentVariable& v : variables)
        if (v.name == name) return &v;
    return nullptr;
}

uint64_t ReplState::layout() {
    uint64_t offset = 0;
    for (PersistentVariable& v : variables) {
        const uint64_t a = std::max<uint64_t>(v.align, 1);
        offset = (offset + a - 1) / a * a;
        v.offset = offset;
        offset += v.size;
    }
    return std::max<uint64_t>(offset, 8);
}

std::vector<uint8_t> ReplState::stateBuffer() const {
    uint64_t size = 8;
    for (const PersistentVariable& v : variables)
        size = std::max(size, v.offset + v.size);
    std::vector<uint8_t> buffer(size, 0);
    for (const PersistentVariable& v : variables)
        std::memcpy(buffer.data() + v.offset, v.bytes.data(),
                    std::min<uint64_t>(v.bytes.size(), v.size));
    return buffer;
}

void ReplState::readStateBuffer(const std::vector<uint8_t>& buffer) {
    for (PersistentVariable& v : variables) {
        if (v.offset + v.size > buffer.size()) continue;
        v.bytes.assign(buffer.begin() + static_cast<std::ptrdiff_t>(v.offset),
                       buffer.begin() + static_cast<std::ptrdiff_t>(v.offset + v.size));
    }
}

void ReplState::setBigEndian(bool big) {
    if (big == settings.bigEndian) return;
    for (PersistentVariable& v : variables)
        if (v.type) TypeBytes::toggleByteOrder(v.type.type, v.bytes.data(), v.bytes.size());
    settings.bigEndian = big;
}

std::string ReplState::programText() const {
    std::string text;
    for (const ProgramChunk& c : chunks) {
        text += c.text;
        if (text.empty() || text.back() != '\n') text += '\n';
    }
    return text;
}

int ReplState::chunkDeclaring(const std::string& name) const {
    for (size_t i = 0; i < chunks.size(); ++i)
        if (std::find(chunks[i].names.begin(), chunks[i].names.end(), name) !=
            chunks[i].names.end())
            return static_cast<int>(i);
    return -1;
}

} // namespace clstep::repl
