# The test areas that link only the interpreter layer of their name (cmake/ClstepLayers.cmake).
set(CLSTEP_TEST_LAYER_AREAS builtins frontend checks launch debug)

# clstep_add_qt_test(<area> <source>): builds tests/<area>/tst_<name>.cpp as a Qt Test
# executable linked to the interpreter, or to its layer for the areas of
# CLSTEP_TEST_LAYER_AREAS (and the UI library for area "ui"), and registers it
# with CTest as <area>.<name>.
function(clstep_add_qt_test area src)
  get_filename_component(base ${src} NAME_WE)
  string(REGEX REPLACE "^tst_" "" name ${base})
  set(target tst_${area}_${name})
  add_executable(${target} ${src})
  set_target_properties(${target} PROPERTIES AUTOMOC ON)
  target_compile_options(${target} PRIVATE ${CLSTEP_WARNINGS})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  # An area named after an interpreter layer links only that layer (and those below it).
  if(area IN_LIST CLSTEP_TEST_LAYER_AREAS)
    target_link_libraries(${target} PRIVATE clstep_${area} Qt6::Test Qt6::Core)
  else()
    target_link_libraries(${target} PRIVATE clstep_interpreter Qt6::Test Qt6::Core)
  endif()
  if(area STREQUAL "ui")
    target_link_libraries(${target} PRIVATE clstep_ui)
  endif()
  target_compile_definitions(${target} PRIVATE
    CLSTEP_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    CLSTEP_CLI="$<TARGET_FILE:clstep-cli>")
  add_dependencies(${target} clstep-cli)
  add_test(NAME ${area}.${name} COMMAND ${target} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${area}.${name} PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;CLSTEP_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
    TIMEOUT 600)
endfunction()
