#include "KernelObject.h"

#include "MemObject.h"
#include "ProgramObject.h"
#include "SamplerObject.h"
#include "launch/LaunchBinding.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace clstep::ocl {

namespace {

/// One attribute of a kernel as CL_KERNEL_ATTRIBUTES spells it: its source text without
/// whitespace when the range holds it, else its name (with the sizes of reqd_work_group_size).
std::string attributeSpelling(const SourceManager& sources, const ast::Attribute& a,
                              const ast::FunctionDecl& f) {
    std::string text;
    if (a.range.valid() && a.range.end.valid() && a.range.end.file == a.range.begin.file) {
        for (uint32_t line = a.range.begin.line; line <= a.range.end.line; ++line) {
            std::string_view t = sources.lineText(a.range.begin.file, line);
            size_t from = line == a.range.begin.line ? a.range.begin.column - 1 : 0;
            for (size_t i = std::min(from, t.size()); i < t.size(); ++i)
                if (!std::isspace(static_cast<unsigned char>(t[i]))) text += t[i];
        }
    }
    // The text must be `name` or `name(...)` with balanced parentheses: cut what follows.
    std::string spelled;
    const bool underscored = text.rfind("__" + a.name + "__", 0) == 0;
    if (text.rfind(a.name, 0) == 0 || underscored) {
        size_t i = underscored ? a.name.size() + 4 : a.name.size();
        int depth = 0;
        for (; i < text.size(); ++i) {
            if (text[i] == '(')
                ++depth;
            else if (text[i] == ')' && --depth == 0)
                break;
            else if (depth == 0)
                break;
        }
        spelled = text.substr(0, depth == 0 && i < text.size() && text[i] == ')' ? i + 1 : i);
    }
    if (!spelled.empty()) return spelled;
    if (a.name == "reqd_work_group_size" && f.reqdWorkGroupSize[0])
        return a.name + "(" + std::to_string(f.reqdWorkGroupSize[0]) + "," +
               std::to_string(f.reqdWorkGroupSize[1]) + "," +
               std::to_string(f.reqdWorkGroupSize[2]) + ")";
    return a.name;
}

} // namespace

KernelObject::KernelObject(ProgramObject* program, const ast::FunctionDecl* decl)
    : program(program), decl(decl), name(decl->name) {
    program->retain();
    ++program->kernelCount;
    signature = launch::signatureOf(*decl, program->built->options.clVersion);
    args.resize(signature.params.size());
    for (const ast::Attribute& a : decl->attrs) {
        if (!attributes.empty()) attributes += ' ';
        attributes += attributeSpelling(program->built->sources, a, *decl);
    }
    for (const auto& p : decl->params) {
        cl_kernel_arg_type_qualifier q = CL_KERNEL_ARG_TYPE_NONE;
        const Type* t = p->type->canonical();
        if (t->isPointer()) {
            if (t->pointee.isConst) q |= CL_KERNEL_ARG_TYPE_CONST;
            if (t->pointee.isVolatile) q |= CL_KERNEL_ARG_TYPE_VOLATILE;
            if (p->type.isRestrict) q |= CL_KERNEL_ARG_TYPE_RESTRICT;
            if (t->pointee.space == AddressSpace::Constant) q |= CL_KERNEL_ARG_TYPE_CONST;
        }
        typeQualifiers.push_back(q);
    }
}

KernelObject::~KernelObject() {
    --program->kernelCount;
    program->release();
}

cl_int KernelObject::setArg(cl_uint index, size_t size, const void* value) {
    if (index >= signature.params.size()) return CL_INVALID_ARG_INDEX;
    const launch::KernelParamInfo& p = signature.params[index];
    ArgValue v;
    switch (p.addressSpace) {
    case launch::ParamAddressSpace::Local:
        if (value) return CL_INVALID_ARG_VALUE;
        if (size == 0) return CL_INVALID_ARG_SIZE;
        v.kind = ArgValue::Kind::Local;
        v.localSize = size;
        break;
    case launch::ParamAddressSpace::Global:
    case launch::ParamAddressSpace::Constant: {
        if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
        cl_mem m = value ? *static_cast<const cl_mem*>(value) : nullptr;
        if (!m) {
            v.kind = ArgValue::Kind::Null;
            break;
        }
        MemObject* mem = MemObject::from(m);
        if (!mem) return CL_INVALID_MEM_OBJECT;
        v.kind = ArgValue::Kind::Buffer;
        v.mem = mem;
        break;
    }
    case launch::ParamAddressSpace::Private:
        if (auto dim = image::dimFromTypeName(p.typeName))
            return setImageArg(index, *dim, size, value);
        if (p.typeName == "sampler_t") return setSamplerArg(index, size, value);
        if (!value) return CL_INVALID_ARG_VALUE;
        if (size != p.sizeBytes) return CL_INVALID_ARG_SIZE;
        v.kind = ArgValue::Kind::Scalar;
        v.bytes.resize(size);
        std::memcpy(v.bytes.data(), value, size);
        break;
    }
    args[index] = std::move(v);
    return CL_SUCCESS;
}

cl_int KernelObject::setImageArg(cl_uint index, image::Dim dim, size_t size, const void* value) {
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    if (!value) return CL_INVALID_ARG_VALUE;
    MemObject* mem = MemObject::from(*static_cast<const cl_mem*>(value));
    if (!mem || !mem->image || mem->image->dim != dim) return CL_INVALID_MEM_OBJECT;
    // clSetKernelArg: a read_only argument takes no CL_MEM_WRITE_ONLY image, a write_only
    // argument no CL_MEM_READ_ONLY image.
    const cl_kernel_arg_access_qualifier access = accessQualifier(index);
    if ((access == CL_KERNEL_ARG_ACCESS_READ_ONLY && (mem->flags & CL_MEM_WRITE_ONLY)) ||
        (access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY && (mem->flags & CL_MEM_READ_ONLY)))
        return CL_INVALID_ARG_VALUE;
    ArgValue v;
    v.kind = ArgValue::Kind::Image;
    v.mem = mem;
    args[index] = std::move(v);
    return CL_SUCCESS;
}

cl_int KernelObject::setSamplerArg(cl_uint index, size_t size, const void* value) {
    if (size != sizeof(cl_sampler)) return CL_INVALID_ARG_SIZE;
    if (!value) return CL_INVALID_SAMPLER; // "not a valid sampler object" (clSetKernelArg)
    SamplerObject* s = SamplerObject::from(*static_cast<const cl_sampler*>(value));
    if (!s) return CL_INVALID_SAMPLER;
    ArgValue v;
    v.kind = ArgValue::Kind::Scalar;
    uint64_t bits = s->clkBits();
    v.bytes.resize(signature.params[index].sizeBytes);
    std::memcpy(v.bytes.data(), &bits, std::min<size_t>(v.bytes.size(), sizeof bits));
    args[index] = std::move(v);
    return CL_SUCCESS;
}

cl_kernel_arg_access_qualifier KernelObject::accessQualifier(cl_uint index) const {
    if (!image::dimFromTypeName(signature.params[index].typeName)) return CL_KERNEL_ARG_ACCESS_NONE;
    const auto& param = decl->params[index];
    AccessQualifier q = param->typeSyntax ? param->typeSyntax->quals.access : AccessQualifier::None;
    return q == AccessQualifier::WriteOnly   ? CL_KERNEL_ARG_ACCESS_WRITE_ONLY
           : q == AccessQualifier::ReadWrite ? CL_KERNEL_ARG_ACCESS_READ_WRITE
                                             : CL_KERNEL_ARG_ACCESS_READ_ONLY;
}

bool KernelObject::allArgsSet() const {
    for (const auto& a : args)
        if (!a) return false;
    return true;
}

} // namespace clstep::ocl
