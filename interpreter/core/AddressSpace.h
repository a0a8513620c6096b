#pragma once

#include <cstdint>

namespace clstep {

/// The OpenCL C address spaces (spec 6.5). `Generic` is the OpenCL 2.0 unnamed generic
/// space (spec 6.5.5). `None` means "no qualifier was written"; Sema turns it into the
/// spec's default (Private for automatic variables, Global/Constant at program scope,
/// Generic for unqualified pointees in 2.0).
enum class AddressSpace : uint8_t { None, Private, Global, Local, Constant, Generic };

/// Spelling used in messages: "__private", "__global", "__local", "__constant", "__generic";
/// "" for None.
const char* addressSpaceName(AddressSpace s);

/// Short name used in runtime reports and JSON: "private", "global", "local", "constant",
/// "generic" ("" for None).
const char* addressSpaceShortName(AddressSpace s);

/// Image/pipe access qualifiers (spec 6.6).
enum class AccessQualifier : uint8_t { None, ReadOnly, WriteOnly, ReadWrite };

/// The `endian` attribute of OpenCL 1.0/1.1 (`__attribute__((endian(host|device)))`).
/// `Device` is the default.
enum class Endian : uint8_t { Device, Host };

} // namespace clstep
