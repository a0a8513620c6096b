#include "frontend/OpenClFeatures.h"

namespace clstep {

const std::vector<OpenClFeature>& openClFeatures() {
    // From 2.0 on the features OpenCL C 2.0 makes mandatory (clang defines them for CL2.0
    // too); sub-groups (cl_khr_subgroups in 2.0) and fp64 (cl_khr_fp64) from 3.0 only.
    static const std::vector<OpenClFeature> features = {
        {"__opencl_c_generic_address_space", 200},
        {"__opencl_c_program_scope_global_variables", 200},
        {"__opencl_c_work_group_collective_functions", 200},
        {"__opencl_c_int64", 200},
        {"__opencl_c_atomic_order_acq_rel", 200},
        {"__opencl_c_atomic_order_seq_cst", 200},
        {"__opencl_c_atomic_scope_device", 200},
        {"__opencl_c_atomic_scope_all_devices", 200},
        {"__opencl_c_images", 200},
        {"__opencl_c_read_write_images", 200},
        {"__opencl_c_3d_image_writes", 200},
        {"__opencl_c_subgroups", 300},
        {"__opencl_c_fp64", 300},
    };
    return features;
}

} // namespace clstep
