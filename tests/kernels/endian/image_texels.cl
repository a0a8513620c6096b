// Texels of 1, 2, 4, 8 and 16 bytes (CL_R/CL_UNSIGNED_INT8 to CL_RGBA/CL_UNSIGNED_INT32,
// CL_RGBA/CL_FLOAT) read and written. Texel bytes are little-endian whatever the device
// (OpenCL 1.2 API spec 8.3), so the expectations below hold on both byte orders: two .sim
// files run this kernel, image_texels_big_device.sim (`# clstep: device-endian big`) and its
// control image_texels_little_device.sim. Each read is written to `ui` or `f` (read_imageui
// values; read_imagef values, the CL_UNORM_INT8 ones times 255).
// expect-none
__kernel void image_texels(read_only image1d_t r8, read_only image1d_t r16,
                           read_only image1d_t rgba8, read_only image1d_t rgba16,
                           read_only image1d_t rgba32, read_only image1d_t unorm8,
                           read_only image1d_t rgbaf, write_only image1d_t w16,
                           write_only image1d_t w64, write_only image1d_t ui,
                           write_only image1d_t f) {
    int x = get_global_id(0);
    write_imageui(ui, x * 5 + 0, read_imageui(r8, x));
    write_imageui(ui, x * 5 + 1, read_imageui(r16, x));
    write_imageui(ui, x * 5 + 2, read_imageui(rgba8, x));
    write_imageui(ui, x * 5 + 3, read_imageui(rgba16, x));
    write_imageui(ui, x * 5 + 4, read_imageui(rgba32, x));
    write_imagef(f, x * 2, read_imagef(unorm8, x) * 255.0f);
    write_imagef(f, x * 2 + 1, read_imagef(rgbaf, x));
    write_imageui(w16, x, (uint4)(0xbeef + x));
    write_imageui(w64, x, (uint4)(0x0102, 0x0304, 0x0506, 0xa708) + (uint)x);
}
// EXACT Image 'w16': image1d_t 2x1 CL_R/CL_UNSIGNED_INT16, 4 bytes
// EXACT   w16(0) = (48879)
// EXACT   w16(1) = (48880)
// EXACT Image 'w64': image1d_t 2x1 CL_RGBA/CL_UNSIGNED_INT16, 16 bytes
// EXACT   w64(0) = (258, 772, 1286, 42760)
// EXACT   w64(1) = (259, 773, 1287, 42761)
// EXACT Image 'ui': image1d_t 10x1 CL_RGBA/CL_UNSIGNED_INT32, 160 bytes
// EXACT   ui(0) = (161, 0, 0, 1)
// EXACT   ui(1) = (41394, 0, 0, 1)
// EXACT   ui(2) = (1, 2, 3, 4)
// EXACT   ui(3) = (258, 772, 1286, 1800)
// EXACT   ui(4) = (16909060, 84281096, 151653132, 219025168)
// EXACT   ui(5) = (91, 0, 0, 1)
// EXACT   ui(6) = (23404, 0, 0, 1)
// EXACT   ui(7) = (241, 242, 243, 244)
// EXACT   ui(8) = (61938, 62452, 62966, 63480)
// EXACT   ui(9) = (4059231220, 4126603256, 4193975292, 4261347072)
// EXACT Image 'f': image1d_t 4x1 CL_RGBA/CL_FLOAT, 64 bytes
// EXACT   f(0) = (0, 1, 128, 255)
// EXACT   f(1) = (0.5, -1.25, 3e+10, -0)
// EXACT   f(2) = (17, 34, 51, 68)
// EXACT   f(3) = (1, 2, 3, 4)
