#!/usr/bin/env bash
# package.install_prefix (issue #29, item 7): `cmake --install` is a vendor driver's install.
# Every file lands under the prefix (under DESTDIR when set) and clstep.icd, under the
# prefix's etc/OpenCL/vendors, names the library installed in that prefix; only the /usr
# prefix registers it in /etc/OpenCL/vendors (under DESTDIR). Last, a host program selects
# the installed clstep with OCL_ICD_VENDORS naming that directory.
# Usage: install-prefix.sh BUILD_DIR HOST_PROGRAM (a platform test program, e.g. api_calls)
set -uo pipefail
BUILD="$1"
PROGRAM="$2"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# install_into NAME ROOT [cmake --install args...]: installs, and fails unless every file
# the install wrote (its "-- Installing:" lines) is under ROOT.
install_into() {
  local name=$1 root=$2
  shift 2
  cmake --install "$BUILD" "$@" >"$TMP/$name.log" 2>&1 || {
    echo "$name: cmake --install failed:"; cat "$TMP/$name.log"; exit 1; }
  local outside
  outside=$(sed -n 's/^-- \(Installing\|Up-to-date\): //p' "$TMP/$name.log" | grep -v "^$root/")
  if [ -n "$outside" ]; then
    echo "$name: files installed outside $root:"; echo "$outside"; exit 1
  fi
  if ! grep -q "^-- Installing: " "$TMP/$name.log"; then
    echo "$name: nothing installed?"; cat "$TMP/$name.log"; exit 1
  fi
}

# expect_icd NAME ICD_FILE LIB_PATH ROOT: ICD_FILE exists and names LIB_PATH, which exists
# under ROOT (DESTDIR, or empty).
expect_icd() {
  local name=$1 icd=$2 lib=$3 root=$4
  [ -f "$icd" ] || { echo "$name: no $icd"; find "$TMP" -name clstep.icd; exit 1; }
  local content
  content=$(cat "$icd")
  [ "$content" = "$lib" ] || { echo "$name: $icd names '$content', expected '$lib'"; exit 1; }
  [ -f "$root$lib" ] || { echo "$name: $root$lib (named by $icd) was not installed"; exit 1; }
}

# 1. A staged install to a prefix: nothing outside DESTDIR/PREFIX (formerly DESTDIR/etc).
DESTDIR="$TMP/stage" install_into staged "$TMP/stage/opt/clstep-test" --prefix /opt/clstep-test
expect_icd staged "$TMP/stage/opt/clstep-test/etc/OpenCL/vendors/clstep.icd" \
  /opt/clstep-test/lib/libclstep-opencl.so "$TMP/stage"

# 2. The /usr prefix (the .deb's): /etc/OpenCL/vendors, under DESTDIR.
DESTDIR="$TMP/usr-stage" install_into usr "$TMP/usr-stage" --prefix /usr
libdir=$(cd "$TMP/usr-stage" && find usr -name libclstep-opencl.so | head -1)
expect_icd usr "$TMP/usr-stage/etc/OpenCL/vendors/clstep.icd" "/$libdir" "$TMP/usr-stage"

# 3. A user's prefix without DESTDIR (no root needed); the loader finds the installed clstep
# through OCL_ICD_VENDORS.
install_into prefix "$TMP/prefix" --prefix "$TMP/prefix"
expect_icd prefix "$TMP/prefix/etc/OpenCL/vendors/clstep.icd" \
  "$TMP/prefix/lib/libclstep-opencl.so" ""
OCL_ICD_VENDORS="$TMP/prefix/etc/OpenCL/vendors" CLSTEP_QUIET=1 "$PROGRAM" >"$TMP/run.log" 2>&1 || {
  echo "the installed clstep does not run $PROGRAM:"; cat "$TMP/run.log"; exit 1; }
echo "install to a prefix: every file under it, clstep.icd names the installed library"
