# The test areas that link only the interpreter layer of their name (cmake/ClstepLayers.cmake).
set(CLSTEP_TEST_LAYER_AREAS builtins frontend checks launch debug)

# The tests' precompiled headers (cmake/ClstepBuildSpeed.cmake, docs/architecture.md "Build
# time"): Qt Test and the standard library, with Qt Widgets for area "ui"; one per flag family.
clstep_pch_owner(clstep_test_pch ${CLSTEP_PCH_STD} <QtTest>)
target_link_libraries(clstep_test_pch PRIVATE Qt6::Test Qt6::Core)
if(CLSTEP_BUILD_GUI)
  clstep_pch_owner(clstep_test_ui_pch ${CLSTEP_PCH_STD} <QtWidgets> <QtTest>)
  target_link_libraries(clstep_test_ui_pch PRIVATE clstep_ui Qt6::Test Qt6::Core)
endif()
# Tests compiled without the test PCH (none today): a test that must include a header with an
# identifier Qt's keyword macros erase (`slots`, `signals`, `emit`) before <QtTest> goes here;
# better, rename the identifier (CallStack::Frame::slots became `addresses` for this reason).
set(CLSTEP_TEST_NO_PCH)

# clstep_add_qt_test(<area> <source>): builds tests/<area>/tst_<name>.cpp as a Qt Test
# executable linked to the interpreter, or to its layer for the areas of
# CLSTEP_TEST_LAYER_AREAS (and the UI library for area "ui"), and registers it
# with CTest as <area>.<name>. ui tests named tst_screen*.cpp run under xvfb-run on a
# 1024x768 screen (geometry).
function(clstep_add_qt_test area src)
  get_filename_component(base ${src} NAME_WE)
  string(REGEX REPLACE "^tst_" "" name ${base})
  set(target tst_${area}_${name})
  add_executable(${target} ${src})
  set_target_properties(${target} PROPERTIES AUTOMOC ON)
  target_compile_options(${target} PRIVATE ${CLSTEP_WARNINGS})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  if(NOT "${area}.${name}" IN_LIST CLSTEP_TEST_NO_PCH)
    if(area STREQUAL "ui")
      clstep_pch_reuse(${target} clstep_test_ui_pch)
    else()
      clstep_pch_reuse(${target} clstep_test_pch)
    endif()
    # AUTOMOC's mocs_compilation.cpp is empty when the test includes its own .moc: no PCH.
    set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
                                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
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
  # GUI tests named tst_screen*.cpp measure geometry on a real X server: a 1024x768 screen
  # (a projector) from xvfb-run; without xvfb-run they are reported as skipped.
  if(area STREQUAL "ui" AND name MATCHES "^screen")
    find_program(CLSTEP_XVFB_RUN xvfb-run)
    if(CLSTEP_XVFB_RUN)
      add_test(NAME ${area}.${name}
               COMMAND ${CLSTEP_XVFB_RUN} -a -s "-screen 0 1024x768x24" $<TARGET_FILE:${target}>
               WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    else()
      add_test(NAME ${area}.${name} COMMAND ${CMAKE_COMMAND} -E false)
      set_tests_properties(${area}.${name} PROPERTIES SKIP_RETURN_CODE 1)
    endif()
    set_tests_properties(${area}.${name} PROPERTIES
      ENVIRONMENT "QT_QPA_PLATFORM=xcb;CLSTEP_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
      TIMEOUT 600)
    return()
  endif()
  add_test(NAME ${area}.${name} COMMAND ${target} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${area}.${name} PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;CLSTEP_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
    TIMEOUT 600)
endfunction()
