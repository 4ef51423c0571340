#!/usr/bin/env bash
# Configures and builds libloa with tests, benchmarks and front-ends; extra
# arguments go to `cmake --build` (e.g. --target loa_cli). The variant comes
# from LOA_VARIANT: release (default, in build/), asan (AddressSanitizer and
# UndefinedBehaviorSanitizer with asserts, in build-asan/) or debug (in
# build-debug/). Progress goes to stderr so that programs' output stays clean.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
variant="${LOA_VARIANT:-release}"
case "$variant" in
  release) build="${LOA_BUILD_DIR:-$root/build}"; flags=(-DCMAKE_BUILD_TYPE=Release -DLOA_BUILD_BENCH=ON) ;;
  asan) build="$root/build-asan"; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOA_SANITIZE=ON -DLOA_BUILD_BENCH=OFF) ;;
  debug) build="$root/build-debug"; flags=(-DCMAKE_BUILD_TYPE=Debug -DLOA_BUILD_BENCH=OFF) ;;
  *) echo "build.sh: LOA_VARIANT must be release, asan or debug" >&2; exit 2 ;;
esac
cmake -S "$root" -B "$build" -G Ninja "${flags[@]}" -DLOA_BUILD_TESTS=ON -DLOA_BUILD_FRONTENDS=ON >&2
cmake --build "$build" "$@" >&2
