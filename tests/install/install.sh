#!/usr/bin/env bash
# install.sh BUILD_DIR SOURCE_DIR: installs libloa from BUILD_DIR into a
# temporary prefix, then builds docs/examples/consumer against it twice, with
# find_package(loa 0.2 CONFIG) and with pkg-config, and runs both builds
# under a preset and under an installed variant file.
set -euo pipefail
build="$1"
src="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "install.sh: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" || { cat "$work/install.log"; fail "install failed"; }
prefix="$work/prefix"
libdir="$(find "$prefix" -name libloa.a -printf '%h\n' | head -1)"
[ -n "$libdir" ] || fail "no libloa.a installed"
# The grouped headers, and the flat paths of before the grouping (forwarding headers).
for f in include/loa/game/game.hpp include/loa/text/variant.hpp include/loa/game.hpp include/loa/variant.hpp \
  share/loa/variants/six.ini; do
  [ -f "$prefix/$f" ] || fail "$f not installed"
done
[ -f "$libdir/cmake/loa/loaConfig.cmake" ] && [ -f "$libdir/cmake/loa/loaConfigVersion.cmake" ] ||
  fail "no CMake package files"
[ -f "$libdir/pkgconfig/loa.pc" ] || fail "no loa.pc"

# find_package, from a copy of the example outside the source tree.
cp -r "$src/docs/examples/consumer" "$work/consumer"
cmake -S "$work/consumer" -B "$work/build-cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "find_package(loa 0.2) failed"; }
cmake --build "$work/build-cmake" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "consumer build failed"; }
# A version the package does not satisfy must be refused.
sed 's/find_package(loa 0.2 CONFIG REQUIRED)/find_package(loa 9.0 CONFIG REQUIRED)/' "$work/consumer/CMakeLists.txt" \
  >"$work/CMakeLists.txt.9" && mkdir -p "$work/consumer9" && cp "$work/consumer/main.cpp" "$work/consumer9/" &&
  mv "$work/CMakeLists.txt.9" "$work/consumer9/CMakeLists.txt"
if cmake -S "$work/consumer9" -B "$work/build-9" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null 2>&1; then
  fail "find_package(loa 9.0) was satisfied by 0.2"
fi

# pkg-config, with the .pc file found where it was installed.
PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --exists 'loa >= 0.2' || fail "pkg-config does not find loa >= 0.2"
# shellcheck disable=SC2046
c++ -O2 -o "$work/consumer-pc" "$work/consumer/main.cpp" $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs loa) ||
  fail "consumer build with pkg-config failed"
# A consumer written before the headers were grouped (#include "loa/game.hpp") builds unchanged.
sed -E 's|#include "loa/[a-z]+/|#include "loa/|' "$work/consumer/main.cpp" >"$work/consumer-flat.cpp"
grep -q '#include "loa/game.hpp"' "$work/consumer-flat.cpp" || fail "the flat-path copy of the example is not flat"
c++ -O2 -o "$work/consumer-flat" "$work/consumer-flat.cpp" $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs loa) ||
  fail "a consumer with the headers' old flat paths does not build"

for program in "$work/build-cmake/consumer" "$work/consumer-pc" "$work/consumer-flat"; do
  "$program" olympiad 4 >"$work/out" || fail "$program olympiad failed"
  grep -qx "olympiad: perft 3 = 44952" "$work/out" || fail "$program: $(head -1 "$work/out")"
  grep -qx '\[Plies "4"\]' "$work/out" || fail "$program did not play 4 plies"
  "$program" "$prefix/share/loa/variants/six.ini" 4 >"$work/out" || fail "$program six.ini failed"
  grep -qx "six: perft 3 = 11440" "$work/out" || fail "$program: $(head -1 "$work/out")"
  set +e
  "$program" nosuch >"$work/out" 2>"$work/err"
  rc=$?
  set -e
  [ "$rc" -eq 2 ] && grep -q "unknown rules 'nosuch'" "$work/err" || fail "$program with bad rules: rc $rc"
done
echo "install.sh: installed, found by CMake and pkg-config, example built and run"
