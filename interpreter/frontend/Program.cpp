#include "frontend/Program.h"

#include "common/DeepStackThread.h"
#include "frontend/Parser.h"
#include "frontend/Preprocessor.h"
#include "frontend/Sema.h"
#include "frontend/StatementLinks.h"

#include <fstream>
#include <sstream>

namespace clstep {

namespace {

/// Constants the OpenCL C headers define as macros (spec 6.12.2 math constants, 6.12.8
/// fence flags, float.h/limits.h values of 6.12).
const char* const kPredefined[] = {
    "CLK_LOCAL_MEM_FENCE=1",
    "CLK_GLOBAL_MEM_FENCE=2",
    "CLK_IMAGE_MEM_FENCE=4",
    "CHAR_BIT=8",
    "SCHAR_MAX=127",
    "SCHAR_MIN=(-127-1)",
    "CHAR_MAX=127",
    "CHAR_MIN=(-127-1)",
    "UCHAR_MAX=255",
    "SHRT_MAX=32767",
    "SHRT_MIN=(-32767-1)",
    "USHRT_MAX=65535",
    "INT_MAX=2147483647",
    "INT_MIN=(-2147483647-1)",
    "UINT_MAX=0xffffffffU",
    "LONG_MAX=0x7fffffffffffffffL",
    "LONG_MIN=(-0x7fffffffffffffffL-1)",
    "ULONG_MAX=0xffffffffffffffffUL",
    "FLT_DIG=6",
    "FLT_MANT_DIG=24",
    "FLT_MAX_10_EXP=38",
    "FLT_MAX_EXP=128",
    "FLT_MIN_10_EXP=-37",
    "FLT_MIN_EXP=-125",
    "FLT_RADIX=2",
    "FLT_MAX=0x1.fffffep127f",
    "FLT_MIN=0x1.0p-126f",
    "FLT_EPSILON=0x1.0p-23f",
    "DBL_MAX=0x1.fffffffffffffp1023",
    "DBL_MIN=0x1.0p-1022",
    "DBL_EPSILON=0x1.0p-52",
    "DBL_DIG=15",
    "DBL_MANT_DIG=53",
    "DBL_MAX_10_EXP=308",
    "DBL_MAX_EXP=1024",
    "DBL_MIN_10_EXP=(-307)",
    "DBL_MIN_EXP=(-1021)",
    "DBL_RADIX=2",
    "MAXFLOAT=0x1.fffffep127f",
    "HUGE_VALF=(1.0f/0.0f)",
    "HUGE_VAL=(1.0/0.0)",
    "INFINITY=(1.0f/0.0f)",
    "NAN=(0.0f/0.0f)",
    "M_E_F=2.71828174591064f",
    "M_LOG2E_F=1.44269502162933f",
    "M_LOG10E_F=0.43429449200630f",
    "M_LN2_F=0.69314718246460f",
    "M_LN10_F=2.30258512496948f",
    "M_PI_F=3.14159274101257f",
    "M_PI_2_F=1.57079637050629f",
    "M_PI_4_F=0.78539818525314f",
    "M_1_PI_F=0.31830987334251f",
    "M_2_PI_F=0.63661974668503f",
    "M_2_SQRTPI_F=1.12837922573090f",
    "M_SQRT2_F=1.41421353816986f",
    "M_SQRT1_2_F=0.70710676908493f",
    "M_E=2.718281828459045090796",
    "M_LOG2E=1.442695040888963387005",
    "M_LOG10E=0.434294481903251816668",
    "M_LN2=0.693147180559945286227",
    "M_LN10=2.302585092994045901094",
    "M_PI=3.141592653589793115998",
    "M_PI_2=1.570796326794896557999",
    "M_PI_4=0.785398163397448278999",
    "M_1_PI=0.318309886183790691216",
    "M_2_PI=0.636619772367581382433",
    "M_2_SQRTPI=1.128379167095512558561",
    "M_SQRT2=1.414213562373095145475",
    "M_SQRT1_2=0.707106781186547572737",
    // cl_khr_fp16's constants: the half nearest to each exact value, as a half expression.
    "HALF_DIG=3",
    "HALF_MANT_DIG=11",
    "HALF_MAX_10_EXP=4",
    "HALF_MAX_EXP=16",
    "HALF_MIN_10_EXP=(-4)",
    "HALF_MIN_EXP=(-13)",
    "HALF_RADIX=2",
    "HALF_MAX=((half)65504.0f)",
    "HALF_MIN=((half)0x1.0p-14f)",
    "HALF_EPSILON=((half)0x1.0p-10f)",
    "M_E_H=((half)2.71875f)",
    "M_LOG2E_H=((half)1.4423828125f)",
    "M_LOG10E_H=((half)0.434326171875f)",
    "M_LN2_H=((half)0.693359375f)",
    "M_LN10_H=((half)2.302734375f)",
    "M_PI_H=((half)3.140625f)",
    "M_PI_2_H=((half)1.5703125f)",
    "M_PI_4_H=((half)0.78515625f)",
    "M_1_PI_H=((half)0.318359375f)",
    "M_2_PI_H=((half)0.63671875f)",
    "M_2_SQRTPI_H=((half)1.1279296875f)",
    "M_SQRT2_H=((half)1.4140625f)",
    "M_SQRT1_2_H=((half)0.70703125f)",
    "CLK_NORMALIZED_COORDS_TRUE=1",
    "CLK_NORMALIZED_COORDS_FALSE=0",
    "CLK_ADDRESS_NONE=0",
    "CLK_ADDRESS_CLAMP_TO_EDGE=2",
    "CLK_ADDRESS_CLAMP=4",
    "CLK_ADDRESS_REPEAT=6",
    "CLK_ADDRESS_MIRRORED_REPEAT=8",
    "CLK_FILTER_NEAREST=0x10",
    "CLK_FILTER_LINEAR=0x20",
    // image channel orders and types (get_image_channel_order/_data_type, 6.12.14.5)
    "CLK_R=0x10B0",
    "CLK_A=0x10B1",
    "CLK_RG=0x10B2",
    "CLK_RA=0x10B3",
    "CLK_RGB=0x10B4",
    "CLK_RGBA=0x10B5",
    "CLK_BGRA=0x10B6",
    "CLK_ARGB=0x10B7",
    "CLK_INTENSITY=0x10B8",
    "CLK_LUMINANCE=0x10B9",
    "CLK_Rx=0x10BA",
    "CLK_RGx=0x10BB",
    "CLK_RGBx=0x10BC",
    "CLK_SNORM_INT8=0x10D0",
    "CLK_SNORM_INT16=0x10D1",
    "CLK_UNORM_INT8=0x10D2",
    "CLK_UNORM_INT16=0x10D3",
    "CLK_UNORM_SHORT_565=0x10D4",
    "CLK_UNORM_SHORT_555=0x10D5",
    "CLK_UNORM_INT_101010=0x10D6",
    "CLK_SIGNED_INT8=0x10D7",
    "CLK_SIGNED_INT16=0x10D8",
    "CLK_SIGNED_INT32=0x10D9",
    "CLK_UNSIGNED_INT8=0x10DA",
    "CLK_UNSIGNED_INT16=0x10DB",
    "CLK_UNSIGNED_INT32=0x10DC",
    "CLK_HALF_FLOAT=0x10DD",
    "CLK_FLOAT=0x10DE",
    "FP_ILOGB0=(-2147483647-1)",
    "FP_ILOGBNAN=2147483647",
    "NULL=((void*)0)",
    "true=1",
    "false=0",
};

} // namespace

int CompileOptions::parseClStd(const std::string& value) {
    if (value == "CL1.0") return 100;
    if (value == "CL1.1") return 110;
    if (value == "CL1.2") return 120;
    if (value == "CL2.0") return 200;
    if (value == "CL3.0") return 300;
    return 0;
}

Program::Program() = default;
Program::~Program() = default;
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;

const ast::FunctionDecl* Program::findKernel(const std::string& name) const {
    for (const ast::FunctionDecl* k : kernels)
        if (k->name == name) return k;
    return nullptr;
}

const ProgramArtifact&
Program::derived(const std::function<std::unique_ptr<ProgramArtifact>()>& make) const {
    std::lock_guard<std::mutex> lock(m_derived->mutex);
    if (!m_derived->artifact) m_derived->artifact = make();
    return *m_derived->artifact;
}

std::unique_ptr<Program> Program::fromFile(const std::string& path, const CompileOptions& options) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        auto p = std::make_unique<Program>();
        p->options = options;
        p->unit = std::make_unique<ast::TranslationUnit>();
        p->mainFile = p->sources.addFile(path, "");
        Diagnostic d;
        d.kind = DiagnosticKind::IoError;
        d.message = "cannot open kernel file '" + path + "'";
        d.range.begin = SourceLocation{p->mainFile, 1, 1};
        d.range.end = d.range.begin;
        p->diagnostics.push_back(std::move(d));
        return p;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return fromSource(path, ss.str(), options);
}

std::unique_ptr<Program> Program::fromSource(const std::string& path, std::string text,
                                             const CompileOptions& options) {
    auto p = std::make_unique<Program>();
    p->options = options;
    p->mainFile = p->sources.addFile(path, std::move(text));
    PreprocessorOptions pp;
    pp.clVersion = options.clVersion;
    pp.deviceLittleEndian = options.deviceLittleEndian;
    pp.includeDirs = options.includeDirs;
    for (const char* d : kPredefined)
        pp.predefined.emplace_back(d);
    for (const std::string& d : options.defines)
        pp.defines.push_back(d);
    PreprocessedSource src = Preprocessor::run(p->sources, p->mainFile, pp);
    p->diagnostics = src.diagnostics;
    p->extensionPragmas = src.extensionPragmas;
    ParseResult parsed = parseOpenCL(src);
    for (Diagnostic& d : parsed.diagnostics)
        p->diagnostics.push_back(std::move(d));
    p->unit = std::move(parsed.unit);
    if (!p->unit) p->unit = std::make_unique<ast::TranslationUnit>();
    if (!p->hasErrors()) {
        // Sema and constant evaluation recurse over the tree (at most kMaxNestingDepth deep
        // over expressions): run them on a stack sized for that, whatever the caller's is.
        runOnDeepStack([&] {
            Sema sema(*p);
            sema.run();
            ast::linkStatements(*p->unit);
        });
    }
    return p;
}

} // namespace clstep
