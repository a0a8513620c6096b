#!/usr/bin/env bash
# Builds the Debian package of the build tree with `cpack -G DEB` and checks it: the files
# it must contain, dependencies computed by dpkg-shlibdeps, a valid desktop entry and
# AppStream metainfo, man pages, and no lintian errors.
# Usage: check-deb.sh BUILD_DIR
set -euo pipefail
BUILD="$1"
WORK="$BUILD/package-test"
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$BUILD"
cpack -G DEB -B "$WORK" >"$WORK/cpack.log" 2>&1 || { cat "$WORK/cpack.log"; exit 1; }
DEB=$(ls "$WORK"/*.deb)
echo "package: $DEB"
dpkg-deb -c "$DEB" | awk '{print $6}' | sed 's|^\./|/|' >"$WORK/contents"
fail=0
need() {
  if ! grep -qx -- "$1" "$WORK/contents"; then echo "missing from the package: $1"; fail=1; fi
}
need /usr/bin/clstep-cli
need /usr/share/man/man1/clstep-cli.1.gz
need /usr/share/clstep/samples/reduction_race.sim
need /usr/share/clstep/samples/reduction_race.cl
need /usr/share/doc/clstep/README.md
need /usr/share/doc/clstep/copyright
need /usr/share/doc/clstep/changelog.gz
need /usr/share/clstep/editors/vscode/package.json
# the OpenCL platform, registered with the ICD loader as Debian's ICD packages do (a conffile)
need /etc/OpenCL/vendors/clstep.icd
if grep -qx /usr/bin/clstep "$WORK/contents" || [ -x "$BUILD/app/clstep" ]; then
  need /usr/bin/clstep
  need /usr/share/man/man1/clstep.1.gz
  need /usr/share/applications/org.clstep.clstep.desktop
  need /usr/share/icons/hicolor/scalable/apps/org.clstep.clstep.svg
  need /usr/share/metainfo/org.clstep.clstep.metainfo.xml
fi
# everything an install() rule installs is packaged: compare with a staged `cmake --install`
DESTDIR="$WORK/stage" cmake --install "$BUILD" --prefix /usr >/dev/null
(cd "$WORK/stage" && find . -type f | sed 's|^\./|/|') | sort >"$WORK/installed"
while read -r f; do need "$f"; done <"$WORK/installed"

depends=$(dpkg-deb -f "$DEB" Depends)
echo "Depends: $depends"
case "$depends" in *libc6*) ;; *) echo "Depends does not come from dpkg-shlibdeps (no libc6)"; fail=1 ;; esac
if grep -qx /usr/bin/clstep "$WORK/contents"; then
  case "$depends" in *libqt6widgets6*) ;; *) echo "Depends lacks Qt 6 Widgets"; fail=1 ;; esac
fi

dpkg-deb -x "$DEB" "$WORK/root"
zcat "$WORK/root/usr/share/man/man1/clstep-cli.1.gz" | grep -q "dap" || { echo "clstep-cli(1) does not mention dap"; fail=1; }
if [ -f "$WORK/root/usr/share/applications/org.clstep.clstep.desktop" ] && command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$WORK/root/usr/share/applications/org.clstep.clstep.desktop" || fail=1
fi
if [ -f "$WORK/root/usr/share/metainfo/org.clstep.clstep.metainfo.xml" ] && command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$WORK/root/usr/share/metainfo/org.clstep.clstep.metainfo.xml" || fail=1
fi

if command -v lintian >/dev/null; then
  lintian --no-tag-display-limit "$DEB" >"$WORK/lintian.log" 2>&1 || true
  cat "$WORK/lintian.log"
  if grep -q '^E:' "$WORK/lintian.log"; then echo "lintian reports errors"; fail=1; fi
else
  echo "lintian is not installed (scripts/install-deps.sh installs it)"; fail=1
fi
exit $fail
