// Images each work-item writes only at the texel of its own global id: the analysis of the
// kernel (ownTexelWrites), the NDRange condition (ownTexelsDistinct) and the run's buffers.
#include "checks/OwnTexelImages.h"

#include "builtins/ImageObject.h"
#include "core/Address.h"
#include "frontend/AstWalk.h"
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace clstep {

namespace {

/// The image dimensionality of `q`, nullopt for a type that is no image.
std::optional<image::Dim> imageDimOf(const QualType& q) {
    if (!q.type || q->canonical()->kind != TypeKind::Opaque) return std::nullopt;
    return image::dimFromTypeName(q->canonical()->name);
}

/// `e` without Sema's implicit conversions.
const ast::Expr* stripImplicit(const ast::Expr* e) {
    while (e && e->kind == ast::ExprKind::ImplicitCast)
        e = static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
    return e;
}

/// True for an integer type of at least 32 bits: converting an id below 2^31 to it keeps it.
bool keepsId(const QualType& q) {
    if (!q.type) return false;
    const Type* t = q->canonical();
    return t->isInteger() && t->size >= 4;
}

/// The name a builtin call calls ("" for a call of a user function or through anything else).
std::string_view builtinName(const ast::CallExpr& c) {
    if (c.function) return {};
    const ast::Expr* f = stripImplicit(c.callee.get());
    if (!f || f->kind != ast::ExprKind::Name) return {};
    return static_cast<const ast::NameExpr*>(f)->name;
}

/// The variable or parameter at the root of lvalue `e` (through members, indexing and
/// conversions), or nullptr.
const ast::Decl* rootDecl(const ast::Expr* e) {
    while (e) {
        switch (e->kind) {
        case ast::ExprKind::ImplicitCast:
            e = static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
            break;
        case ast::ExprKind::Member:
            e = static_cast<const ast::MemberExpr*>(e)->base.get();
            break;
        case ast::ExprKind::Index:
            e = static_cast<const ast::IndexExpr*>(e)->base.get();
            break;
        case ast::ExprKind::Name:
            return static_cast<const ast::NameExpr*>(e)->decl;
        default:
            return nullptr;
        }
    }
    return nullptr;
}

/// The kernel's facts the coordinates are judged by.
class Analysis {
public:
    explicit Analysis(const ast::FunctionDecl& kernel) : m_kernel(kernel) {
        // The variables the body changes: assigned, incremented or decremented, or whose
        // address is taken (then anything may change them).
        walkBody([this](const ast::Expr* e) {
            if (e->kind == ast::ExprKind::Assign) {
                if (const ast::Decl* d =
                        rootDecl(static_cast<const ast::AssignExpr*>(e)->lhs.get()))
                    m_changed.insert(d);
            } else if (e->kind == ast::ExprKind::Unary) {
                const auto* u = static_cast<const ast::UnaryExpr*>(e);
                if (u->op == ast::UnaryOp::AddrOf || u->op == ast::UnaryOp::PreInc ||
                    u->op == ast::UnaryOp::PreDec || u->op == ast::UnaryOp::PostInc ||
                    u->op == ast::UnaryOp::PostDec)
                    if (const ast::Decl* d = rootDecl(u->operand.get())) m_changed.insert(d);
            }
            return ast::Visit::Children;
        });
        // A goto or a switch may jump past a variable's initializer (C99 6.8.6.1, 6.8.4.2):
        // then its value is not the id it was initialized with.
        ast::walk(
            m_kernel.body.get(),
            [this](const ast::Stmt* st) {
                if (st->kind == ast::StmtKind::Goto || st->kind == ast::StmtKind::Switch) {
                    m_jumps = true;
                    return ast::Visit::Stop;
                }
                return ast::Visit::Children;
            },
            [](const ast::Expr*) { return ast::Visit::Skip; });
    }

    /// Calls `onExpr` for every expression of the kernel's body (pre-order).
    template <typename F>
    void walkBody(F&& onExpr) const {
        ast::walk(
            m_kernel.body.get(), [](const ast::Stmt*) { return ast::Visit::Children; }, onExpr);
    }

    /// The dimension `d` when `e` is get_global_id(d) (see ownTexelWrites), else -1.
    int globalIdDim(const ast::Expr* e, int depth = 0) const {
        // Conversions to integer types of 32 bits or more, implicit or explicit.
        while (e && (e->kind == ast::ExprKind::ImplicitCast || e->kind == ast::ExprKind::Cast)) {
            if (!keepsId(e->type)) return -1;
            e = e->kind == ast::ExprKind::Cast
                    ? static_cast<const ast::CastExpr*>(e)->operand.get()
                    : static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
        }
        if (!e || !keepsId(e->type)) return -1;
        if (e->kind == ast::ExprKind::Call) {
            const auto& c = *static_cast<const ast::CallExpr*>(e);
            if (builtinName(c) != "get_global_id" || c.args.size() != 1) return -1;
            const ast::Expr* a = stripImplicit(c.args[0].get());
            if (!a || a->kind != ast::ExprKind::IntLiteral) return -1;
            const uint64_t d = static_cast<const ast::IntLiteralExpr*>(a)->value;
            return d < 3 ? int(d) : -1;
        }
        if (e->kind != ast::ExprKind::Name || depth > 8 || m_jumps) return -1;
        const ast::Decl* decl = static_cast<const ast::NameExpr*>(e)->decl;
        if (!decl || decl->kind != ast::DeclKind::Var || m_changed.count(decl)) return -1;
        const auto* v = static_cast<const ast::VarDecl*>(decl);
        if (v->isProgramScope || v->storage != ast::StorageClass::None || !v->init ||
            v->type.space != AddressSpace::Private || !keepsId(v->type))
            return -1;
        return globalIdDim(v->init.get(), depth + 1);
    }

    /// The coordinate of a write to an image of dimensionality `dim` at `coord`, when each
    /// texel-addressing component is a distinct get_global_id, else nullopt.
    std::optional<OwnTexelCoordinate> coordinateOf(const ast::Expr* coord, image::Dim dim,
                                                   int depth = 0) const {
        OwnTexelCoordinate c;
        c.count = uint8_t(image::spatialDims(dim) + (image::isArray(dim) ? 1 : 0));
        const ast::Expr* e = stripImplicit(coord);
        if (!e) return std::nullopt;
        if (c.count > 1 && e->kind == ast::ExprKind::Name) {
            if (depth >= 8 || m_jumps) return std::nullopt;
            // A local vector variable initialized with such a coordinate and never changed
            // (no assignment to it or to a component of it, no address taken).
            const ast::Decl* decl = static_cast<const ast::NameExpr*>(e)->decl;
            if (!decl || decl->kind != ast::DeclKind::Var || m_changed.count(decl))
                return std::nullopt;
            const auto* v = static_cast<const ast::VarDecl*>(decl);
            if (v->isProgramScope || v->storage != ast::StorageClass::None || !v->init ||
                v->type.space != AddressSpace::Private || !v->type.type ||
                !v->type->canonical()->isVector() ||
                v->type->canonical()->count != e->type->canonical()->count)
                return std::nullopt;
            return coordinateOf(v->init.get(), dim, depth + 1);
        }
        if (c.count == 1 && e->type.type && e->type->canonical()->isInteger()) {
            const int d = globalIdDim(coord);
            if (d < 0) return std::nullopt;
            c.dims[0] = uint8_t(d);
            return c;
        }
        if (e->kind != ast::ExprKind::VectorLiteral) return std::nullopt;
        const auto& v = *static_cast<const ast::VectorLiteralExpr*>(e);
        if (v.isCommaCast || !e->type.type || v.elements.size() != e->type->canonical()->count ||
            v.elements.size() < c.count)
            return std::nullopt; // one element per component only (no vector elements)
        for (unsigned k = 0; k < c.count; ++k) {
            const int d = globalIdDim(v.elements[k].get());
            if (d < 0) return std::nullopt;
            for (unsigned j = 0; j < k; ++j)
                if (c.dims[j] == d) return std::nullopt;
            c.dims[k] = uint8_t(d);
        }
        return c;
    }

private:
    const ast::FunctionDecl& m_kernel;
    std::unordered_set<const ast::Decl*> m_changed;
    bool m_jumps = false; ///< the body has a goto or a switch
};

} // namespace

std::vector<std::optional<OwnTexelCoordinate>> ownTexelWrites(const ast::FunctionDecl& kernel) {
    const size_t n = kernel.params.size();
    std::vector<std::optional<OwnTexelCoordinate>> out(n);
    if (!kernel.body) return out;
    std::unordered_map<const ast::Decl*, size_t> imageParams;
    std::vector<bool> candidate(n, false), written(n, false);
    for (size_t i = 0; i < n; ++i)
        if (imageDimOf(kernel.params[i]->type)) {
            imageParams.emplace(kernel.params[i].get(), i);
            candidate[i] = true;
        }
    if (imageParams.empty()) return out;
    const Analysis analysis(kernel);
    std::unordered_set<const ast::Expr*> approved; // image uses already judged
    auto paramOf = [&](const ast::Expr* e) -> std::optional<size_t> {
        e = stripImplicit(e);
        if (!e || e->kind != ast::ExprKind::Name) return std::nullopt;
        auto it = imageParams.find(static_cast<const ast::NameExpr*>(e)->decl);
        if (it == imageParams.end()) return std::nullopt;
        return it->second;
    };
    auto approve = [&](const ast::Expr* e) {
        for (; e; e = e->kind == ast::ExprKind::ImplicitCast
                          ? static_cast<const ast::ImplicitCastExpr*>(e)->operand.get()
                          : nullptr)
            approved.insert(e);
    };
    analysis.walkBody([&](const ast::Expr* e) {
        if (e->kind == ast::ExprKind::Call) {
            const auto& c = *static_cast<const ast::CallExpr*>(e);
            const std::string_view name = builtinName(c);
            if (!c.args.empty()) {
                if (auto p = paramOf(c.args[0].get())) {
                    if (name.starts_with("get_image_") && c.args.size() == 1) {
                        approve(c.args[0].get());
                    } else if (name.starts_with("write_image") && c.args.size() == 3) {
                        const auto coord = analysis.coordinateOf(
                            c.args[1].get(), *imageDimOf(kernel.params[*p]->type));
                        if (!coord || (written[*p] && out[*p] != coord)) candidate[*p] = false;
                        out[*p] = coord;
                        written[*p] = true;
                        approve(c.args[0].get());
                    }
                }
            }
        } else if (e->kind == ast::ExprKind::Name && !approved.count(e)) {
            // Any other use of an image parameter (a read, a user function's argument, ...).
            if (auto it = imageParams.find(static_cast<const ast::NameExpr*>(e)->decl);
                it != imageParams.end())
                candidate[it->second] = false;
        }
        return ast::Visit::Children;
    });
    for (size_t i = 0; i < n; ++i)
        if (!candidate[i] || !written[i]) out[i].reset();
    return out;
}

bool ownTexelsDistinct(const OwnTexelCoordinate& coordinate, const NDRange& range) {
    for (unsigned d = 0; d < 3; ++d) {
        const bool named =
            std::find(coordinate.dims.begin(), coordinate.dims.begin() + coordinate.count, d) !=
            coordinate.dims.begin() + coordinate.count;
        if (!named && range.global[d] > 1) return false; // two work-items, one texel
        if (named && (range.offset[d] > (uint64_t(1) << 31) ||
                      range.global[d] > (uint64_t(1) << 31) - range.offset[d]))
            return false; // an id of 2^31 or more: the int coordinate may repeat one
    }
    return true;
}

std::vector<std::pair<uint32_t, uint64_t>> ownTexelImageBuffers(KernelRun& run) {
    std::vector<std::pair<uint32_t, uint64_t>> out;
    const auto& args = run.arguments();
    const ast::FunctionDecl& kernel = run.kernel();
    if (kernel.params.size() != args.size()) return out;
    // The address each buffer or image argument holds (0 for another kind of argument).
    std::vector<uint64_t> addresses(args.size(), 0);
    bool anyImage = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::vector<uint8_t>& p = run.parameterBytes(i);
        if (p.size() != 8) continue;
        uint8_t b[8];
        std::memcpy(b, p.data(), 8);
        if (run.options().deviceBigEndian) std::reverse(b, b + 8);
        std::memcpy(&addresses[i], b, 8);
        anyImage = anyImage || args[i].kind == KernelArgument::Kind::Image;
    }
    if (!anyImage) return out;
    const std::vector<std::optional<OwnTexelCoordinate>> writes = ownTexelWrites(kernel);
    for (size_t i = 0; i < args.size(); ++i) {
        const uint64_t a = addresses[i];
        if (args[i].kind != KernelArgument::Kind::Image || !a || !writes[i] ||
            address::space(a) != AddressSpace::Global || !run.imageAt(a) ||
            !ownTexelsDistinct(*writes[i], run.range()))
            continue;
        const Buffer* b = run.globalMemory().buffer(a);
        if (!b) continue;
        const uint32_t index = address::buffer(a);
        bool shared = false; // another argument pointing into the same buffer
        for (size_t j = 0; j < args.size() && !shared; ++j)
            shared = j != i && addresses[j] && args[j].kind != KernelArgument::Kind::Scalar &&
                     address::space(addresses[j]) == AddressSpace::Global &&
                     address::buffer(addresses[j]) == index;
        if (!shared) out.emplace_back(index, b->serial);
    }
    return out;
}

} // namespace clstep
