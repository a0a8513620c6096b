# Installation and packaging: `cmake --install` puts the programs, samples, documentation,
# desktop entry, icon, AppStream metainfo and man pages (generated from --help by help2man)
# under CMAKE_INSTALL_PREFIX; `cpack -G DEB` packages whatever the install() rules of any
# directory install (no component list), with dependencies from dpkg-shlibdeps.
include(GNUInstallDirs)

set(CLSTEP_PACKAGING_DIR ${PROJECT_SOURCE_DIR}/packaging)
set(CLSTEP_APP_ID org.clstep.clstep)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/samples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/clstep/samples
        PATTERN "*.py" EXCLUDE PATTERN "*.sh" EXCLUDE) # reference generators are developer tools
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES ${CLSTEP_PACKAGING_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/editors/ DESTINATION ${CMAKE_INSTALL_DATADIR}/clstep/editors)

# Debian wants a compressed changelog in every package's doc directory.
file(WRITE ${CMAKE_BINARY_DIR}/packaging/changelog
     "clstep (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
     "  * Release ${PROJECT_VERSION}.\n\n"
     " -- The clstep developers <clstep@example.org>  Tue, 24 Nov 2026 00:00:00 +0000\n")
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/packaging/changelog.gz
                   COMMAND gzip -9n -c ${CMAKE_BINARY_DIR}/packaging/changelog > ${CMAKE_BINARY_DIR}/packaging/changelog.gz
                   DEPENDS ${CMAKE_BINARY_DIR}/packaging/changelog VERBATIM)
set(_clstep_package_outputs ${CMAKE_BINARY_DIR}/packaging/changelog.gz)
install(FILES ${CMAKE_BINARY_DIR}/packaging/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})

if(CLSTEP_BUILD_GUI)
  install(FILES ${CLSTEP_PACKAGING_DIR}/${CLSTEP_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${CLSTEP_PACKAGING_DIR}/clstep.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
          RENAME ${CLSTEP_APP_ID}.svg)
  configure_file(${CLSTEP_PACKAGING_DIR}/${CLSTEP_APP_ID}.metainfo.xml
                 ${CMAKE_BINARY_DIR}/packaging/${CLSTEP_APP_ID}.metainfo.xml @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/packaging/${CLSTEP_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()

# Man pages from --help and --version, at build time.
find_program(CLSTEP_HELP2MAN help2man)
if(CLSTEP_HELP2MAN)
  set(_clstep_man_programs clstep-cli)
  if(CLSTEP_BUILD_GUI)
    list(APPEND _clstep_man_programs clstep)
  endif()
  foreach(prog IN LISTS _clstep_man_programs)
    if(prog STREQUAL "clstep")
      set(_name "interactive OpenCL C interpreter and visual memory debugger")
    else()
      set(_name "OpenCL C checker, interpreter, debugger console and debug adapter")
    endif()
    set(_man ${CMAKE_BINARY_DIR}/packaging/${prog}.1)
    add_custom_command(
      OUTPUT ${_man}.gz
      COMMAND ${CLSTEP_HELP2MAN} --no-info --section=1 --name=${_name} --output=${_man}
              $<TARGET_FILE:${prog}>
      COMMAND gzip -9n -f ${_man}
      DEPENDS ${prog} VERBATIM)
    list(APPEND _clstep_package_outputs ${_man}.gz)
    install(FILES ${_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endforeach()
else()
  message(WARNING "help2man not found: no man pages (scripts/install-deps.sh installs it)")
endif()
add_custom_target(clstep-package-files ALL DEPENDS ${_clstep_package_outputs})

set(CPACK_PACKAGE_NAME clstep)
set(CPACK_PACKAGE_VENDOR "The clstep developers")
set(CPACK_PACKAGE_CONTACT "The clstep developers <clstep@example.org>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "interactive OpenCL C interpreter and visual memory debugger")
set(CPACK_PACKAGE_DESCRIPTION
    "clstep runs OpenCL C kernels work-group by work-group and work-item by\n"
    "work-item, with byte-accurate __global, __local, __constant and __private\n"
    "memory, and checks the OpenCL C rules before and during the run (data races,\n"
    "out-of-bounds accesses, uninitialized reads, barrier divergence). It has a Qt\n"
    "GUI (clstep), a command line (clstep-cli) and a Debug Adapter Protocol server\n"
    "for VS Code and Neovim.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# With CPACK_SET_DESTDIR the install runs with this prefix (not the build's
# CMAKE_INSTALL_PREFIX, /usr/local by default): the package installs under /usr.
set(CPACK_INSTALL_PREFIX /usr)
# Install rules that write to $ENV{DESTDIR} (e.g. an ICD file in /etc/OpenCL/vendors) land
# in the staging directory, not on the build machine.
set(CPACK_SET_DESTDIR ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_CLSTEP_CONFFILES ${CMAKE_BINARY_DIR}/packaging/conffiles)
set(CPACK_CLSTEP_TRIGGERS ${CMAKE_BINARY_DIR}/packaging/triggers)
file(WRITE ${CPACK_CLSTEP_CONFFILES} "")
file(WRITE ${CPACK_CLSTEP_TRIGGERS} "")
set(CPACK_PRE_BUILD_SCRIPTS ${CLSTEP_PACKAGING_DIR}/conffiles.cmake)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CPACK_CLSTEP_CONFFILES} ${CPACK_CLSTEP_TRIGGERS})
include(CPack)
