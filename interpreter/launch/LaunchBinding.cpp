#include "launch/LaunchBinding.h"

namespace clstep::launch {

KernelSignature signatureOf(const ast::FunctionDecl& k, int clVersion) {
    KernelSignature sig;
    sig.requiresUniformWorkGroups = clVersion < 200;
    for (const auto& p : k.params) {
        KernelParamInfo info;
        info.name = p->name;
        const Type* t = p->type->canonical();
        if (t->isPointer()) {
            AddressSpace s = t->pointee.space;
            info.addressSpace = s == AddressSpace::Local      ? ParamAddressSpace::Local
                                : s == AddressSpace::Constant ? ParamAddressSpace::Constant
                                                              : ParamAddressSpace::Global;
            info.typeName = t->pointee->canonical()->name + "*";
            info.sizeBytes = 8;
        } else {
            info.typeName = t->name;
            info.sizeBytes = t->size;
        }
        sig.params.push_back(std::move(info));
    }
    return sig;
}

NDRange ndRangeOf(const LaunchConfig& config) {
    NDRange range;
    range.dims = config.workDim;
    range.global = config.globalSize;
    range.local = config.localSize;
    range.localGiven = config.localSizeGiven;
    if (config.globalOffset) range.offset = *config.globalOffset;
    return range;
}

std::vector<KernelArgument> kernelArgumentsOf(const LaunchConfig& config) {
    std::vector<KernelArgument> args;
    for (const KernelArgSpec& spec : config.args) {
        KernelArgument a;
        a.name = spec.name;
        a.size = spec.size;
        a.readOnly = spec.readOnly;
        a.writeOnly = spec.writeOnly;
        a.noInit = spec.noinit;
        a.bytes = spec.bytes;
        if (spec.type) a.elementBytes = static_cast<unsigned>(elementSize(*spec.type));
        switch (spec.kind) {
        case ArgKind::Buffer:
            a.kind = KernelArgument::Kind::Buffer;
            if (!spec.overBudget) a.bytes.resize(spec.size); // over budget: refused by size
            break;
        case ArgKind::Image:
            a.kind = KernelArgument::Kind::Image;
            a.image = spec.image;
            if (!spec.overBudget) a.bytes.resize(spec.size);
            break;
        case ArgKind::Local:
            a.kind = KernelArgument::Kind::Local;
            break;
        case ArgKind::Null:
            a.kind = KernelArgument::Kind::Null;
            break;
        default:
            a.kind = KernelArgument::Kind::Scalar;
            break;
        }
        args.push_back(std::move(a));
    }
    return args;
}

} // namespace clstep::launch
