# Build time (docs/architecture.md, "Build time"): precompiled headers and unity groups.
#
# A precompiled header (PCH) is parsed once per target family instead of once per source;
# GCC accepts one only when the compiling target's flags match the PCH's (CMake passes
# -Winvalid-pch, so a mismatch is a warning, and the build stays warning-free). Targets with
# the same flags share one PCH through REUSE_FROM. Only headers of the standard library and
# of external libraries go in: a project header stays included where it is used, so the
# include-layering test (layers.includes) keeps seeing every reach.

# Standard library headers most interpreter, CLI and test sources include.
set(CLSTEP_PCH_STD <algorithm> <array> <cstddef> <cstdint> <cstring> <functional> <map>
    <memory> <optional> <set> <sstream> <string> <string_view> <unordered_map> <utility>
    <variant> <vector>)

# With ccache (CMAKE_CXX_COMPILER_LAUNCHER), a source compiled with a PCH is cached only with
# sloppiness pch_defines,time_macros; -fpch-preprocess keeps the PCH's name in the
# preprocessed output ccache hashes. Set here, so every way of building (scripts/build.sh,
# a plain `cmake --build`) hits the cache.
if(CCACHE_PROGRAM)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env
      CCACHE_SLOPPINESS=pch_defines,time_macros ${CCACHE_PROGRAM})
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fpch-preprocess>)
endif()

# clstep_pch_owner(<target> <header>...): makes <target> an OBJECT library of one empty
# source that only builds the PCH of <header>... for the targets that reuse it
# (clstep_pch_reuse); link it like those targets so its flags match theirs.
function(clstep_pch_owner target)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/${target}.cpp)
  if(NOT EXISTS ${src})
    file(WRITE ${src} "// The precompiled header's own source (cmake/ClstepBuildSpeed.cmake).\n")
  endif()
  add_library(${target} OBJECT EXCLUDE_FROM_ALL ${src})
  target_compile_options(${target} PRIVATE ${CLSTEP_WARNINGS})
  target_precompile_headers(${target} PRIVATE ${ARGN})
endfunction()

# clstep_pch_reuse(<target> <owner>): <target> compiles with <owner>'s PCH.
function(clstep_pch_reuse target owner)
  target_precompile_headers(${target} REUSE_FROM ${owner})
endfunction()

# clstep_unity_group(<target> <group> <source>...): compiles <source>... (relative to the
# current source directory) as one unity source of <target>; the target's other sources
# stay separate (UNITY_BUILD_MODE GROUP). For sources that parse the same heavy headers and
# instantiate the same templates (Boost.Wave, the ANTLR-generated parser).
function(clstep_unity_group target group)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  foreach(src ${ARGN})
    set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/${src} TARGET_DIRECTORY ${target}
                                PROPERTIES UNITY_GROUP ${group})
  endforeach()
endfunction()
