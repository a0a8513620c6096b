#pragma once

namespace clstep {

class Program;

/// True when no work-item of any kernel of `program` can write the texels of an image that
/// the kernel declares `read_only` (or without an access qualifier, which means read_only:
/// OpenCL C 1.2 6.6). The checks use it to leave out the texel reads of such images: bytes
/// that nothing writes during the run cannot be part of a data race (OpenCL C 1.2 3.3.1: a
/// race needs a write), so the race detector need not record those reads.
///
/// clstep is more lenient than clang here (it reports `write_image*` on a read_only image at
/// run time as "read-only-write" and still performs it; it also accepts an image cast to a
/// pointer), so the answer comes from the program itself, conservatively: it is true only
/// when every expression of image type in every function body is an argument of a call, and
///   - every `write_image{f,i,ui,h}` call names, as its image, a parameter declared
///     `write_only` or `read_write` of the function making the call, and
///   - every call of a user-defined function passes, for each image parameter of the callee,
///     a parameter of the caller declared with the same access qualifier.
/// Then an image value reaching a `write_image*` call came, through parameters declared
/// write_only / read_write all the way, from a kernel argument whose buffer is not read-only.
/// Anything else (an image assigned to a variable, cast, returned, passed through `?:`, or a
/// call to a function without a body) gives false, and the checks record every read.
bool readOnlyImagesUnwritable(const Program& program);

} // namespace clstep
