# The layers of clstep and their arrows (docs/architecture.md, "Pipeline" and "Layers").
# tests/layers checks them: layers.<name> links each layer as a shared library from its own
# objects plus only its dependencies with -Wl,--no-undefined, and layers.includes checks
# every `#include "dir/..."` line of a layer's files against the arrows.

# clstep_register_layer(<name> TARGET <target> DIRS <absolute dir>... [DEPS <layer>...]
#                       [DIRECT]): records a layer for tests/layers. A layer may use the
# layers of DEPS and, unless DIRECT, everything those use in turn. A DIRECT layer (ui) may
# include only its own headers, those of DEPS and common/ (diagnostics and source ranges,
# the values its dependencies' interfaces speak in).
function(clstep_register_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 L "DIRECT" "TARGET" "DIRS;DEPS")
  set_property(GLOBAL APPEND PROPERTY CLSTEP_LAYERS ${name})
  set_property(GLOBAL PROPERTY CLSTEP_LAYER_${name}_TARGET ${L_TARGET})
  set_property(GLOBAL PROPERTY CLSTEP_LAYER_${name}_DIRS ${L_DIRS})
  set_property(GLOBAL PROPERTY CLSTEP_LAYER_${name}_DEPS ${L_DEPS})
  set_property(GLOBAL PROPERTY CLSTEP_LAYER_${name}_DIRECT ${L_DIRECT})
endfunction()

# clstep_layer(<name> DIRS <dir>... [DEPS <layer>...] [PRIVATE_DEPS <layer>...]): the static
# library clstep_<name> of the interpreter from every source under DIRS (relative to the
# current source directory; a recursive glob, so new files land in their layer without
# edits), PUBLIC-linked to clstep_<dep> for each DEPS (layers its headers include) and
# PRIVATE-linked for each PRIVATE_DEPS (layers only its sources use: a user of the layer
# does not get them as a usage requirement), and registered with clstep_register_layer with
# both as its arrows.
function(clstep_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 L "" "" "DIRS;DEPS;PRIVATE_DEPS")
  set(sources)
  set(dirs)
  foreach(dir ${L_DIRS})
    file(GLOB_RECURSE found CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.cpp
         ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/*.h)
    list(APPEND sources ${found})
    list(APPEND dirs ${CMAKE_CURRENT_SOURCE_DIR}/${dir})
  endforeach()
  add_library(clstep_${name} STATIC ${sources})
  target_include_directories(clstep_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_options(clstep_${name} PRIVATE ${CLSTEP_WARNINGS})
  # The evaluator builds 128-byte Values (16 components) at every tree level. GCC's generic x86-64
  # tuning zeroes them with `rep stos`, whose start-up cost is larger than the work; vector
  # stores are several times faster for blocks this small (measured with perf on nbody).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    target_compile_options(clstep_${name} PRIVATE
      -mmemset-strategy=vector_loop:256:noalign,libcall:-1:noalign)
  endif()
  set_target_properties(clstep_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # One precompiled header of the standard library for every layer (same flags): built by
  # the first layer, reused by the others (cmake/ClstepBuildSpeed.cmake).
  get_property(pch_owner GLOBAL PROPERTY CLSTEP_LAYER_PCH_OWNER)
  if(pch_owner)
    clstep_pch_reuse(clstep_${name} ${pch_owner})
  else()
    target_precompile_headers(clstep_${name} PRIVATE ${CLSTEP_PCH_STD})
    set_property(GLOBAL PROPERTY CLSTEP_LAYER_PCH_OWNER clstep_${name})
  endif()
  foreach(dep ${L_DEPS})
    target_link_libraries(clstep_${name} PUBLIC clstep_${dep})
  endforeach()
  foreach(dep ${L_PRIVATE_DEPS})
    target_link_libraries(clstep_${name} PRIVATE clstep_${dep})
  endforeach()
  clstep_register_layer(${name} TARGET clstep_${name} DIRS ${dirs} DEPS ${L_DEPS}
                        ${L_PRIVATE_DEPS})
endfunction()
