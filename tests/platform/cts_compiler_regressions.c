/* Regression tests for what the Khronos conformance tests' test_compiler and test_basic found
 * wrong in clstep's platform (bench/conformance.sh), each with the value the OpenCL spec
 * requires. Written for clstep (no CTS code). Run with OCL_ICD_VENDORS naming the build's
 * clstep.icd (CTest case platform.cts_compiler_regressions). Prints one line per failed check
 * and exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "Checks.h"

/* Two compiled objects whose kernels depend on a macro of their own compile options. */
static const char* kSourceAB = "__kernel void kernel_A(__global int* p) { p[0] = 1; }\n"
                               "#ifdef USE_B\n"
                               "__kernel void kernel_B(__global int* p) { p[0] = 2; }\n"
                               "#endif\n";
static const char* kSourceCD = "__kernel void kernel_C(__global int* p) { p[0] = 3; }\n"
                               "#ifdef USE_D\n"
                               "__kernel void kernel_D(__global int* p) { p[0] = VALUE_D; }\n"
                               "#endif\n"
                               "#ifdef USE_B\n"
                               "#error USE_B is an option of the other object\n"
                               "#endif\n";

/* Compiles AB with `optAB` and CD with `optCD`, links them and checks CL_PROGRAM_NUM_KERNELS
 * and CL_PROGRAM_KERNEL_NAMES (5.8.9: the kernels of the linked executable). */
static void checkLinked(cl_context ctx, cl_device_id device, cl_program ab, cl_program cd,
                        const char* optAB, const char* optCD, size_t wantKernels,
                        const char* wantNames) {
    cl_int err;
    CHECK_EQ(clCompileProgram(ab, 1, &device, optAB, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clCompileProgram(cd, 1, &device, optCD, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    cl_program parts[2] = {ab, cd};
    cl_program linked = clLinkProgram(ctx, 1, &device, "", 2, parts, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (!linked) return;
    size_t kernels = 0;
    CHECK_EQ(clGetProgramInfo(linked, CL_PROGRAM_NUM_KERNELS, sizeof kernels, &kernels, NULL),
             CL_SUCCESS);
    CHECK_EQ(kernels, wantKernels);
    char names[256] = {0};
    CHECK_EQ(clGetProgramInfo(linked, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL),
             CL_SUCCESS);
    if (strcmp(names, wantNames) != 0) {
        ++failures;
        fprintf(stderr, "%s:%d: kernel names \"%s\", expected \"%s\"\n", __FILE__, __LINE__, names,
                wantNames);
    }
    ++checks;
    clReleaseProgram(linked);
}

/* The binary of `p` (one device) as a new program, whose CL_PROGRAM_BINARY_TYPE must be
 * `wantType` (5.8.1: a binary keeps the type of what it was taken from). */
static cl_program reloaded(cl_context ctx, cl_device_id device, cl_program p,
                           cl_program_binary_type wantType) {
    cl_int err;
    size_t size = 0;
    CHECK_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL), CL_SUCCESS);
    CHECK(size > 0);
    static unsigned char bytes[1 << 16];
    if (size > sizeof bytes) return NULL;
    unsigned char* list[1] = {bytes};
    CHECK_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof list, list, NULL), CL_SUCCESS);
    const unsigned char* in[1] = {bytes};
    cl_int status = 1;
    cl_program q = clCreateProgramWithBinary(ctx, 1, &device, &size, in, &status, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(status, CL_SUCCESS);
    cl_program_binary_type type = 0;
    CHECK_EQ(clGetProgramBuildInfo(q, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL),
             CL_SUCCESS);
    CHECK_EQ(type, wantType);
    return q;
}

/* Runs kernel `name` of `p` on one work-item with an int buffer and checks it stores `want`. */
static void checkRuns(cl_context ctx, cl_device_id device, cl_program p, const char* name,
                      int want) {
    cl_int err;
    cl_kernel k = clCreateKernel(p, name, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (!k) return;
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(int), NULL, &err);
    CHECK_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    size_t one = 1;
    CHECK_EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL), CL_SUCCESS);
    int got = -1;
    CHECK_EQ(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(got, want);
    clReleaseMemObject(m);
    clReleaseCommandQueue(q);
    clReleaseKernel(k);
}

int main(void) {
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    CHECK_EQ(clGetPlatformIDs(1, &platform, NULL), CL_SUCCESS);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), CL_SUCCESS);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (!ctx) {
        printf("%d checks, %d failed\n", checks, failures);
        return 1;
    }

    /* clLinkProgram: each compiled object keeps the macros of its own clCompileProgram options
     * (5.8.2: the options apply to that compilation), also when it is compiled again with other
     * options (test_compiler get_linked_program_info_kernel_names). */
    cl_program ab = clCreateProgramWithSource(ctx, 1, &kSourceAB, NULL, &err);
    cl_program cd = clCreateProgramWithSource(ctx, 1, &kSourceCD, NULL, &err);
    checkLinked(ctx, device, ab, cd, NULL, NULL, 2, "kernel_A;kernel_C");
    checkLinked(ctx, device, ab, cd, "-DUSE_B", "-D USE_D -DVALUE_D=4", 4,
                "kernel_A;kernel_B;kernel_C;kernel_D");
    checkLinked(ctx, device, ab, cd, NULL, "-DUSE_D -DVALUE_D=4", 3, "kernel_A;kernel_C;kernel_D");
    clReleaseProgram(ab);
    clReleaseProgram(cd);

    /* The binary of a compiled object is a compiled object, and can be linked; the binary of a
     * library is a library (test_compiler program_binary_type,
     * execute_after_serialize_reload_object/_library). */
    static const char* kCaller = "int helper(int x);\n"
                                 "__kernel void caller(__global int* p) { p[0] = helper(20); }\n";
    static const char* kHelper = "int helper(int x) { return x + 22; }\n";
    cl_program caller = clCreateProgramWithSource(ctx, 1, &kCaller, NULL, &err);
    cl_program helper = clCreateProgramWithSource(ctx, 1, &kHelper, NULL, &err);
    CHECK_EQ(clCompileProgram(caller, 1, &device, "-DUNUSED=1", 0, NULL, NULL, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(clCompileProgram(helper, 1, &device, NULL, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    cl_program callerAgain = reloaded(ctx, device, caller, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
    cl_program library =
        clLinkProgram(ctx, 1, &device, "-create-library", 1, &helper, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_program libraryAgain = reloaded(ctx, device, library, CL_PROGRAM_BINARY_TYPE_LIBRARY);
    if (callerAgain && libraryAgain) {
        cl_program parts[2] = {callerAgain, libraryAgain};
        cl_program exe = clLinkProgram(ctx, 1, &device, NULL, 2, parts, NULL, NULL, &err);
        CHECK_EQ(err, CL_SUCCESS);
        cl_program_binary_type type = 0;
        CHECK_EQ(
            clGetProgramBuildInfo(exe, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL),
            CL_SUCCESS);
        CHECK_EQ(type, CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
        checkRuns(ctx, device, exe, "caller", 42);
        clReleaseProgram(exe);
    }

    /* A link that leaves a called function undefined fails with CL_LINK_PROGRAM_FAILURE and
     * still returns a program, whose build log says why (5.8.5; test_compiler
     * link_error_returns_program). A library may leave it undefined. */
    cl_program alone = clLinkProgram(ctx, 1, &device, NULL, 1, &caller, NULL, NULL, &err);
    CHECK_EQ(err, CL_LINK_PROGRAM_FAILURE);
    CHECK(alone != NULL);
    if (alone) {
        char log[2048] = {0};
        CHECK_EQ(
            clGetProgramBuildInfo(alone, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL),
            CL_SUCCESS);
        CHECK(strstr(log, "helper") != NULL);
        clReleaseProgram(alone);
    }
    cl_program partial =
        clLinkProgram(ctx, 1, &device, "-create-library", 1, &caller, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (partial) clReleaseProgram(partial);

    /* A link finds the files its objects included as they were when compiled, with each
     * object's own -I directories, also when the files are gone (test_compiler
     * execute_after_included_header_link removes its header before the link). */
    char dirA[] = "/tmp/clstep-include-a-XXXXXX", dirB[] = "/tmp/clstep-include-b-XXXXXX";
    CHECK(mkdtemp(dirA) != NULL && mkdtemp(dirB) != NULL);
    char pathA[128], pathB[128], optA[160], optB[160];
    snprintf(pathA, sizeof pathA, "%s/value_a.h", dirA);
    snprintf(pathB, sizeof pathB, "%s/value_b.h", dirB);
    FILE* f = fopen(pathA, "w");
    if (f) {
        fputs("#define VALUE_A 40\n", f);
        fclose(f);
    }
    f = fopen(pathB, "w");
    if (f) {
        fputs("int valueB(void) { return 2; }\n", f);
        fclose(f);
    }
    snprintf(optA, sizeof optA, "-I%s", dirA);
    snprintf(optB, sizeof optB, "-I %s", dirB);
    static const char* kUsesA =
        "#include \"value_a.h\"\n"
        "int valueB(void);\n"
        "__kernel void sum(__global int* p) { p[0] = VALUE_A + valueB(); }\n";
    static const char* kUsesB = "#include <value_b.h>\n";
    cl_program usesA = clCreateProgramWithSource(ctx, 1, &kUsesA, NULL, &err);
    cl_program usesB = clCreateProgramWithSource(ctx, 1, &kUsesB, NULL, &err);
    CHECK_EQ(clCompileProgram(usesA, 1, &device, optA, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clCompileProgram(usesB, 1, &device, optB, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    remove(pathA);
    remove(pathB);
    rmdir(dirA);
    rmdir(dirB);
    cl_program both[2] = {usesA, usesB};
    cl_program summed = clLinkProgram(ctx, 1, &device, NULL, 2, both, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (summed) {
        checkRuns(ctx, device, summed, "sum", 42);
        clReleaseProgram(summed);
    }
    clReleaseProgram(usesA);
    clReleaseProgram(usesB);
    if (callerAgain) clReleaseProgram(callerAgain);
    if (libraryAgain) clReleaseProgram(libraryAgain);
    if (library) clReleaseProgram(library);
    clReleaseProgram(caller);
    clReleaseProgram(helper);

    /* Every extension the device reports has its macro in OpenCL C (OpenCL C 3.0 6.2.1 / the
     * extension spec; test_compiler compiler_defines_for_extensions), and a device with
     * CL_DEVICE_IMAGE_SUPPORT defines __IMAGE_SUPPORT__ as 1 (OpenCL C 6.10; test_compiler
     * image_macro). */
    char extensions[4096] = {0};
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof extensions - 1, extensions, NULL),
             CL_SUCCESS);
    cl_bool images = CL_FALSE;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL),
             CL_SUCCESS);
    CHECK_EQ(images, CL_TRUE);
    char probe[8192] = "__kernel void probe(__global int* p) { p[0] = 0\n"
                       "#if __IMAGE_SUPPORT__ != 1\n"
                       "#error __IMAGE_SUPPORT__\n"
                       "#endif\n";
    int extensionCount = 0;
    for (char* ext = strtok(extensions, " "); ext; ext = strtok(NULL, " ")) {
        if (strcmp(ext, "cl_khr_icd") == 0) continue; /* an API extension, no OpenCL C macro */
        char line[256];
        snprintf(line, sizeof line, "#ifndef %s\n#error %s\n#endif\n", ext, ext);
        strncat(probe, line, sizeof probe - strlen(probe) - 1);
        ++extensionCount;
    }
    strncat(probe, ";}\n", sizeof probe - strlen(probe) - 1);
    CHECK(extensionCount >= 10); /* cl_khr_fp16 and cl_khr_fp64 among them */
    const char* probeSource = probe;
    cl_program p = clCreateProgramWithSource(ctx, 1, &probeSource, NULL, &err);
    err = clBuildProgram(p, 1, &device, NULL, NULL, NULL);
    CHECK_EQ(err, CL_SUCCESS);
    if (err != CL_SUCCESS) {
        char log[4096] = {0};
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        fprintf(stderr, "build log:\n%s\n", log);
    }
    clReleaseProgram(p);

    /* cl_khr_fp16's constants (extension spec: the half math constants and the float.h-like
     * HALF_* values), each the half nearest to its exact value, and the DBL_*_EXP / DBL_RADIX
     * values of OpenCL C 6.12.2 (test_basic kernel_numeric_constants could not build them). */
    static const char* kHalfConstants =
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
        "__kernel void halfConstants(__global int* o) {\n"
        "    half h[16] = {M_E_H, M_LOG2E_H, M_LOG10E_H, M_LN2_H, M_LN10_H, M_PI_H, M_PI_2_H,\n"
        "                  M_PI_4_H, M_1_PI_H, M_2_PI_H, M_2_SQRTPI_H, M_SQRT2_H, M_SQRT1_2_H,\n"
        "                  HALF_MAX, HALF_MIN, HALF_EPSILON};\n"
        "    for (int i = 0; i < 16; i++) o[i] = as_ushort(h[i]);\n"
        "    o[16] = HALF_DIG; o[17] = HALF_MANT_DIG; o[18] = HALF_MAX_10_EXP;\n"
        "    o[19] = HALF_MAX_EXP; o[20] = HALF_MIN_10_EXP; o[21] = HALF_MIN_EXP;\n"
        "    o[22] = HALF_RADIX;\n"
        "    o[23] = DBL_MAX_10_EXP; o[24] = DBL_MAX_EXP; o[25] = DBL_MIN_10_EXP;\n"
        "    o[26] = DBL_MIN_EXP; o[27] = DBL_RADIX;\n"
        "}\n";
    static const int kHalfWant[28] = {0x4170, 0x3dc5, 0x36f3, 0x398c, 0x409b, 0x4248, 0x3e48,
                                      0x3a48, 0x3518, 0x3918, 0x3c83, 0x3da8, 0x39a8, 0x7bff,
                                      0x0400, 0x1400, 3,      11,     4,      16,     -4,
                                      -13,    2,      308,    1024,   -307,   -1021,  2};
    cl_program hp = clCreateProgramWithSource(ctx, 1, &kHalfConstants, NULL, &err);
    err = clBuildProgram(hp, 1, &device, NULL, NULL, NULL);
    CHECK_EQ(err, CL_SUCCESS);
    if (err == CL_SUCCESS) {
        cl_kernel hk = clCreateKernel(hp, "halfConstants", &err);
        cl_command_queue hq = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
        cl_mem hm = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof kHalfWant, NULL, &err);
        CHECK_EQ(clSetKernelArg(hk, 0, sizeof hm, &hm), CL_SUCCESS);
        size_t one = 1;
        CHECK_EQ(clEnqueueNDRangeKernel(hq, hk, 1, NULL, &one, &one, 0, NULL, NULL), CL_SUCCESS);
        int got[28] = {0};
        CHECK_EQ(clEnqueueReadBuffer(hq, hm, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                 CL_SUCCESS);
        for (int i = 0; i < 28; ++i)
            CHECK_EQ(got[i], kHalfWant[i]);
        clReleaseMemObject(hm);
        clReleaseCommandQueue(hq);
        clReleaseKernel(hk);
    }
    clReleaseProgram(hp);

    /* vstoren takes a scalar as its data too, converted to the n-vector of that value (as
     * clang does: OpenCL C 6.2.6 scalar-to-vector conversion; test_basic vector_swizzle). */
    static const char* kSplatStore = "__kernel void splatStore(__global int* o) {\n"
                                     "    int3 v = (int3)(7, 8, 9);\n"
                                     "    vstore3(v.y, 0, o);\n"
                                     "    vstore4(5, 1, o);\n"
                                     "}\n";
    cl_program sp = clCreateProgramWithSource(ctx, 1, &kSplatStore, NULL, &err);
    err = clBuildProgram(sp, 1, &device, NULL, NULL, NULL);
    CHECK_EQ(err, CL_SUCCESS);
    if (err == CL_SUCCESS) {
        cl_kernel sk = clCreateKernel(sp, "splatStore", &err);
        cl_command_queue sq = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
        cl_mem sm = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * sizeof(int), NULL, &err);
        int init[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        CHECK_EQ(clEnqueueWriteBuffer(sq, sm, CL_TRUE, 0, sizeof init, init, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK_EQ(clSetKernelArg(sk, 0, sizeof sm, &sm), CL_SUCCESS);
        size_t one = 1;
        CHECK_EQ(clEnqueueNDRangeKernel(sq, sk, 1, NULL, &one, &one, 0, NULL, NULL), CL_SUCCESS);
        int got[8] = {0};
        CHECK_EQ(clEnqueueReadBuffer(sq, sm, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                 CL_SUCCESS);
        static const int want[8] = {8, 8, 8, 0, 5, 5, 5, 5};
        for (int i = 0; i < 8; ++i)
            CHECK_EQ(got[i], want[i]);
        clReleaseMemObject(sm);
        clReleaseCommandQueue(sq);
        clReleaseKernel(sk);
    }
    clReleaseProgram(sp);

    /* clEnqueueCopyBufferRect within one buffer: rectangles whose byte spans interleave but
     * which share no byte are copied; only a real overlap is CL_MEM_COPY_OVERLAP (API spec
     * appendix "Checking for memory copy overlap"; test_basic bufferreadwriterect). */
    {
        cl_command_queue rq = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
        static unsigned char bytes[64 * 8];
        for (int i = 0; i < 64 * 8; ++i)
            bytes[i] = (unsigned char)i;
        cl_mem rm = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof bytes,
                                   bytes, &err);
        size_t from[3] = {0, 0, 0}, to[3] = {16, 0, 0}, region[3] = {8, 4, 1};
        CHECK_EQ(clEnqueueCopyBufferRect(rq, rm, rm, from, to, region, 64, 0, 64, 0, 0, NULL, NULL),
                 CL_SUCCESS);
        unsigned char got[64 * 8];
        CHECK_EQ(clEnqueueReadBuffer(rq, rm, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK_EQ(got[16], 0);
        CHECK_EQ(got[3 * 64 + 23], 3 * 64 + 7);
        CHECK_EQ(got[24], 24);
        size_t into[3] = {4, 1, 0};
        CHECK_EQ(
            clEnqueueCopyBufferRect(rq, rm, rm, from, into, region, 64, 0, 64, 0, 0, NULL, NULL),
            CL_MEM_COPY_OVERLAP);
        clReleaseMemObject(rm);

        /* test_basic bufferreadwriterect's failing call (its second random operation here,
         * KhronosGroup/OpenCL-CTS issue #2765): row pitch 438 and slice pitch 0 on both sides,
         * so the slice pitch is region[1] * 438 = 2190 (API 5.2.3), and the rectangles
         * (14, 69, 100) and (176, 181, 171) of 224 x 5 x 226 bytes share bytes (counted
         * here): CL_MEM_COPY_OVERLAP is what the spec requires. The CTS's own overlap check
         * uses the buffer's slice pitch, 438 * 353, instead of the 2190 it passes. */
        enum { kBytes = 1 << 20 };
        static unsigned char marks[kBytes];
        size_t ctsFrom[3] = {14, 69, 100}, ctsTo[3] = {176, 181, 171}, ctsRegion[3] = {224, 5, 226};
        size_t shared = 0;
        for (int pass = 0; pass < 2; ++pass)
            for (size_t z = 0; z < ctsRegion[2]; ++z)
                for (size_t y = 0; y < ctsRegion[1]; ++y)
                    for (size_t x = 0; x < ctsRegion[0]; ++x) {
                        const size_t* o = pass ? ctsTo : ctsFrom;
                        size_t at = (o[2] + z) * 2190 + (o[1] + y) * 438 + o[0] + x;
                        if (pass)
                            shared += marks[at];
                        else
                            marks[at] = 1;
                    }
        CHECK(shared > 0);
        cl_mem big = clCreateBuffer(ctx, CL_MEM_READ_WRITE, kBytes, NULL, &err);
        CHECK_EQ(clEnqueueCopyBufferRect(rq, big, big, ctsFrom, ctsTo, ctsRegion, 438, 0, 438, 0, 0,
                                         NULL, NULL),
                 CL_MEM_COPY_OVERLAP);
        clReleaseMemObject(big);
        clReleaseCommandQueue(rq);
    }

    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
