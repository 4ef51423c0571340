#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (in build-fuzz/) and runs each for
# SECONDS (default 10) from its seed corpus in tests/fuzz/corpus/NAME/. New
# inputs go to a scratch directory, so the repository's corpus stays as it
# is; copy interesting ones in by hand. Fails on any crash, hang or leak.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-10}"
"$root/scripts/setup.sh"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
CXX=clang++ cmake -S "$root" -B "$root/build-fuzz" -G Ninja "${launcher[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOA_FUZZ=ON \
  -DLOA_NATIVE=OFF -DLOA_BUILD_TESTS=OFF -DLOA_BUILD_BENCH=OFF -DLOA_BUILD_FRONTENDS=OFF -DLOA_BUILD_PYTHON=OFF >&2
cmake --build "$root/build-fuzz" >&2
scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
for target in position_text move_text potm_input records variants proof ugi showdown http; do
  mkdir -p "$scratch/$target"
  echo "== fuzz_$target for ${seconds} s" >&2
  "$root/build-fuzz/bin/fuzz_$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
    -print_final_stats=1 "$scratch/$target" "$root/tests/fuzz/corpus/$target" 2>"$scratch/$target.log" ||
    { tail -40 "$scratch/$target.log"; echo "fuzz_$target failed" >&2; exit 1; }
  echo "fuzz_$target: $(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$scratch/$target.log")"
done
