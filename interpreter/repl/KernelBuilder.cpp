#include "repl/KernelBuilder.h"

namespace clstep::repl {

namespace {

/// Suffix of the byte-copy helper for an address space.
const char* spaceSuffix(AddressSpace s) {
    switch (s) {
    case AddressSpace::Local:
        return "l";
    case AddressSpace::Constant:
        return "c";
    case AddressSpace::Global:
        return "g";
    default:
        return "p";
    }
}

const char* spaceName(AddressSpace s) {
    switch (s) {
    case AddressSpace::Local:
        return "__local";
    case AddressSpace::Constant:
        return "__constant";
    case AddressSpace::Global:
        return "__global";
    default:
        return "__private";
    }
}

} // namespace

std::string KernelBuilder::helpers() {
    std::string s;
    // Byte copies between the state buffer and variables that cannot be assigned (arrays):
    // one checked copy each (clstep's __clstep_copy_bytes), not an interpreted loop, so a
    // kept 64 MiB array costs a memcpy per entry, not seconds.
    const std::string body = ", uint n) { __clstep_copy_bytes(d, s, n); }\n";
    for (AddressSpace sp : {AddressSpace::Private, AddressSpace::Local})
        s += std::string("void __clstep_in_") + spaceSuffix(sp) + "(" + spaceName(sp) +
             " uchar *d, __global const uchar *s" + body;
    for (AddressSpace sp : {AddressSpace::Private, AddressSpace::Local, AddressSpace::Constant,
                            AddressSpace::Global}) {
        std::string src = std::string(spaceName(sp)) + " const uchar *s";
        if (sp == AddressSpace::Constant) src = "__constant uchar *s";
        s += std::string("void __clstep_out_") + spaceSuffix(sp) + "(__global uchar *d, " + src +
             body;
    }
    return s;
}

std::string KernelBuilder::load(const PersistentVariable& v) {
    const std::string at = "(__clstep_state + " + std::to_string(v.offset) + ")";
    if (v.isArray) {
        const char* sfx = spaceSuffix(v.space);
        return v.declaration + ";\n__clstep_in_" + sfx + "((" + spaceName(v.space) + " uchar *)" +
               v.name + ", " + at + ", " + std::to_string(v.size) + ");\n";
    }
    if (v.space == AddressSpace::Local)
        return v.declaration + ";\n" + v.name + " = *(" + v.loadPointer + ")" + at + ";\n";
    return v.declaration + " = *(" + v.loadPointer + ")" + at + ";\n";
}

std::string KernelBuilder::store(const PersistentVariable& v) {
    const std::string at = "(__clstep_state + " + std::to_string(v.offset) + ")";
    if (v.isArray) {
        const char* sfx = spaceSuffix(v.space);
        return std::string("__clstep_out_") + sfx + "(" + at + ", (" + spaceName(v.space) +
               " const uchar *)" + v.name + ", " + std::to_string(v.size) + ");\n";
    }
    return "*(" + v.storePointer + ")" + at + " = " + v.name + ";\n";
}

uint64_t KernelBuilder::overheadSteps(const ReplState& state) {
    uint64_t steps = 64;
    for (const PersistentVariable& v : state.variables)
        steps += v.isArray ? 8 : 4;
    return 2 * steps;
}

SyntheticSource KernelBuilder::build(const ReplState& state, const EntryPlan& plan) {
    SyntheticSource src;
    for (size_t i = 0; i < state.chunks.size(); ++i) {
        if (plan.form == EntryForm::TopLevel && static_cast<int>(i) == plan.replaceChunk) {
            src.addEntry(plan.text, plan.origin);
            continue;
        }
        src.addEntry(state.chunks[i].text, state.chunks[i].origin);
    }
    if (plan.form == EntryForm::TopLevel && plan.replaceChunk < 0)
        src.addEntry(plan.text, plan.origin);
    if (!plan.withKernel) return src;

    src.addGenerated(helpers());
    const auto& id = state.settings.workItem;
    src.addGenerated(std::string("__kernel void ") + kKernelName +
                     "(__global uchar *__clstep_state, __global uchar *__clstep_value) {\n"
                     "if (get_global_id(0) != " +
                     std::to_string(id[0]) + " || get_global_id(1) != " + std::to_string(id[1]) +
                     " || get_global_id(2) != " + std::to_string(id[2]) + ") return;");
    std::string loads;
    for (const PersistentVariable& v : state.variables)
        if (!plan.fresh.count(v.name)) loads += load(v);
    if (!loads.empty()) src.addGenerated(loads);

    switch (plan.form) {
    case EntryForm::Statement:
        src.addEntry(plan.text, plan.origin);
        break;
    case EntryForm::ExpressionProbe:
        src.addGenerated("(");
        src.addEntry(plan.text, plan.origin);
        src.addGenerated(");");
        break;
    case EntryForm::ExpressionStore:
        src.addGenerated("*(" + plan.valuePointer + ")__clstep_value = (");
        src.addEntry(plan.text, plan.origin);
        src.addGenerated(");");
        break;
    case EntryForm::ExpressionBytes:
        src.addGenerated(std::string("__clstep_out_") + spaceSuffix(plan.valueSpace) +
                         "(__clstep_value, (" +
                         (plan.valueSpace == AddressSpace::Constant
                              ? std::string("__constant uchar *")
                              : std::string(spaceName(plan.valueSpace)) + " const uchar *") +
                         ")&(");
        src.addEntry(plan.text, plan.origin);
        src.addGenerated("), " + std::to_string(plan.valueSize) + ");");
        break;
    default:
        break;
    }

    std::string stores;
    for (const PersistentVariable& v : state.variables)
        stores += store(v);
    if (!stores.empty()) src.addGenerated(stores);
    src.addGenerated("}");
    return src;
}

} // namespace clstep::repl
