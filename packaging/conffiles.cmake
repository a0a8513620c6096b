# CPack pre-build script (CPACK_PRE_BUILD_SCRIPTS): lists every file the install rules put
# under /etc in the staging directory as a Debian conffile (Debian Policy 10.7.2), so that
# an install() rule of any part of the project (e.g. an OpenCL ICD file in
# /etc/OpenCL/vendors) is packaged correctly without this script knowing about it.
file(GLOB_RECURSE _etc RELATIVE "${CPACK_TEMPORARY_DIRECTORY}"
     "${CPACK_TEMPORARY_DIRECTORY}/etc/*")
set(_list "")
foreach(f IN LISTS _etc)
  string(APPEND _list "/${f}\n")
endforeach()
file(WRITE "${CPACK_CLSTEP_CONFFILES}" "${_list}")
