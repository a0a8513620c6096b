#pragma once

#include "builtins/BuiltinEnv.h"

namespace clstep {

class WorkItem;

/// A work-item as the builtin functions see it (BuiltinEnv): its NDRange position (spec
/// 6.12.1), typed memory access through its memory port, atomics, barriers and collectives
/// (which suspend the work-item's fiber), asynchronous copies (6.12.10), images, printf
/// output and runtime error reports. Owned by its WorkItem.
class WorkItemEnv final : public BuiltinEnv {
public:
    explicit WorkItemEnv(WorkItem& wi) : m_wi(wi) {}

    uint32_t workDim() const override;
    uint64_t globalSize(uint32_t dim) const override;
    uint64_t globalId(uint32_t dim) const override;
    uint64_t localSize(uint32_t dim) const override;
    uint64_t enqueuedLocalSize(uint32_t dim) const override;
    uint64_t localId(uint32_t dim) const override;
    uint64_t numGroups(uint32_t dim) const override;
    uint64_t groupId(uint32_t dim) const override;
    uint64_t globalOffset(uint32_t dim) const override;
    Value load(uint64_t address, const QualType& type, const SourceRange& site) override;
    Lane loadScalar(uint64_t address, const QualType& type, const SourceRange& site) override;
    void storeScalar(uint64_t address, const QualType& type, Lane v,
                     const SourceRange& site) override;
    void store(uint64_t address, const QualType& type, const Value& v,
               const SourceRange& site) override;
    void copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) override;
    void atomicBegin(uint64_t address, const SourceRange& site) override;
    void atomicEnd() override;
    void atomicSemantics(uint8_t order, uint8_t scope) override;
    void barrier(uint32_t flags, const SourceRange& site) override;
    uint64_t asyncCopy(uint64_t dst, uint64_t src, uint64_t elementBytes, uint64_t count,
                       uint64_t srcStride, uint64_t dstStride, uint64_t event,
                       const SourceRange& site) override;
    void waitEvents(uint64_t count, uint64_t eventList, const SourceRange& site) override;
    std::span<const Value> collective(const Value& mine, bool subGroup, const char* what,
                                      const SourceRange& site) override;
    uint32_t maxSubGroupSize() const override;
    const image::Object* imageAt(uint64_t handle) const override;
    void print(const std::string& text) override;
    void reportError(DiagnosticKind kind, const std::string& message,
                     const SourceRange& site) override;
    bool deviceBigEndian() const override;

private:
    WorkItem& m_wi;
};

} // namespace clstep
