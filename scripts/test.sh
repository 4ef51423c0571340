#!/usr/bin/env bash
# Sets up, builds and runs the test suite with CTest: every test in a Release
# build and in a build with AddressSanitizer and UndefinedBehaviorSanitizer
# (asserts on), and the Python module's tests in a Debug build (asserts on:
# a sanitized module cannot be loaded into Python, so the asan build has
# none; its C++ tests would repeat the asan build's with less checking, and
# took 18 minutes of CI); then the threaded search under ThreadSanitizer
# (tests/tsan.sh) and every libFuzzer target for a short run
# (scripts/fuzz.sh). `--quick` runs the Release build only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
# Formatting is enforced: every tracked C++ file as clang-format writes it.
if ! (cd "$root" && git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run -Werror); then
  echo "test.sh: run clang-format -i on the files above" >&2
  exit 1
fi
variants=(release asan debug)
[ "${1:-}" = "--quick" ] && variants=(release)
# Where the time goes: each phase says when it starts (minutes:seconds since the start) and the run ends
# with the phases' times, so that a slow CI run shows which phase grew.
phases=()
phase() { phases+=("$(printf '%s %d:%02d' "$1" $((SECONDS / 60)) $((SECONDS % 60)))"); echo "== $1 ($(printf '%d:%02d' $((SECONDS / 60)) $((SECONDS % 60))))" >&2; }
for variant in "${variants[@]}"; do
  phase "$variant build"
  targets=() only=()
  [ "$variant" = debug ] && targets=(--target loa_python) only=(-R '^python\.')
  LOA_VARIANT="$variant" "$root/scripts/build.sh" "${targets[@]}"
  case "$variant" in
    release) dir="${LOA_BUILD_DIR:-$root/build}" ;;
    *) dir="$root/build-$variant" ;;
  esac
  log="$dir/ctest.log"
  ASAN_OPTIONS=detect_leaks=1 ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$(nproc)" \
    "${only[@]}" | tee "$log"
  # A test that skips (GTEST_SKIP, a skip code) tests less in silence: fail.
  if grep -q "The following tests did not run" "$log"; then
    echo "test.sh: some tests were skipped in the $variant build; none may be" >&2
    exit 1
  fi
done
if [ "${1:-}" != "--quick" ]; then
  phase "tsan build (the threaded search)"
  "$root/tests/tsan.sh"
  phase "fuzzing"
  "$root/scripts/fuzz.sh" "${LOA_FUZZ_SECONDS:-10}"
fi
phase "end"
echo "test.sh: phases started at (minutes:seconds): ${phases[*]}" >&2
