#!/usr/bin/env bash
# Configures and builds libloa (Release) in build/ with tests, benchmarks and
# front-ends; extra arguments go to `cmake --build` (e.g. --target loa_cli).
# Progress goes to stderr so that the programs' own output stays clean.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${LOA_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DLOA_BUILD_TESTS=ON -DLOA_BUILD_BENCH=ON -DLOA_BUILD_FRONTENDS=ON >&2
cmake --build "$build" "$@" >&2
