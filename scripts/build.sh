#!/usr/bin/env bash
# Configures and builds libloa with tests, benchmarks and front-ends; extra
# arguments go to `cmake --build` (e.g. --target loa_cli). The variant comes
# from LOA_VARIANT: release (default, in build/), asan (AddressSanitizer and
# UndefinedBehaviorSanitizer with asserts, in build-asan/), tsan
# (ThreadSanitizer, in build-tsan/) or debug (in build-debug/). Progress goes
# to stderr so that programs' output stays clean.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
variant="${LOA_VARIANT:-release}"
case "$variant" in
  release) build="${LOA_BUILD_DIR:-$root/build}"; flags=(-DCMAKE_BUILD_TYPE=Release -DLOA_BUILD_BENCH=ON) ;;
  # The sanitizer build has no Python module: a sanitized extension cannot be
  # loaded into an uninstrumented interpreter.
  asan) build="$root/build-asan"; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOA_SANITIZE=ON -DLOA_BUILD_BENCH=OFF -DLOA_BUILD_PYTHON=OFF) ;;
  # ThreadSanitizer, for the threaded search: the tests and the command line.
  tsan) build="$root/build-tsan"; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOA_TSAN=ON -DLOA_BUILD_BENCH=OFF -DLOA_BUILD_PYTHON=OFF) ;;
  debug) build="$root/build-debug"; flags=(-DCMAKE_BUILD_TYPE=Debug -DLOA_BUILD_BENCH=OFF) ;;
  *) echo "build.sh: LOA_VARIANT must be release, asan, tsan or debug" >&2; exit 2 ;;
esac
# Debian's python3 (with its pybind11 and pytest), not another one that
# happens to come first on PATH.
[ -x /usr/bin/python3 ] && flags+=(-DPython3_EXECUTABLE=/usr/bin/python3)
# Objects from ccache where it is installed (scripts/setup.sh): a build of
# sources compiled before, in any checkout, takes seconds.
command -v ccache >/dev/null && flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# This machine's builds are for this machine: -march=native (LOA_NATIVE=OFF
# in the environment gives the portable baseline of installs and wheels).
cmake -S "$root" -B "$build" -G Ninja "${flags[@]}" -DLOA_NATIVE="${LOA_NATIVE:-ON}" -DLOA_BUILD_TESTS=ON \
  -DLOA_BUILD_FRONTENDS=ON >&2
cmake --build "$build" "$@" >&2
