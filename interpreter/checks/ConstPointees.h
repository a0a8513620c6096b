#pragma once

namespace clstep {

class Program;

/// True when no work-item of any kernel of `program` can write memory that it reaches only
/// through pointers to const-qualified types: every pointer value derived from a kernel
/// parameter declared `__global const T *` keeps a const pointee, so a buffer bound only to
/// such parameters is never written during a launch (no `__global` byte of it changes), and
/// its reads cannot be part of a data race (OpenCL C 1.2 3.3.1: a race needs a write). The
/// race detector uses it to leave out those reads.
///
/// clstep accepts, like C, a conversion that discards the pointee's `const` (a warning,
/// "discards-const"), so the answer comes from the program, conservatively. It is false when
/// any function body (or program-scope initializer) holds:
///   - a conversion to a pointer type, explicit (a cast, `(T *)(a, b)`) or implicit (an
///     assignment, an initializer, an argument, a return value, `?:`), whose operand is not
///     a pointer (an integer, an image handle) unless it is a null pointer constant, or whose
///     pointee loses `const`, or whose pointee type changes where either pointee type holds a
///     pointer (the bytes of a pointer object read or written as another type);
///   - an expression of a union type holding a pointer (a pointer written as one member and
///     read as another);
///   - a call of a built-in function with an argument that is a pointer to a const type,
///     unless the function only reads through it (vload*, prefetch, printf, the source of
///     async_work_group_copy / async_work_group_strided_copy);
/// and when a kernel parameter's type, or a program-scope variable's type, holds a pointer
/// below its top level (pointers stored in memory the host or an earlier launch filled).
bool constPointeesUnwritten(const Program& program);

} // namespace clstep
