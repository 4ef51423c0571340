#!/usr/bin/env bash
# portable_flags.sh SOURCE_DIR: a build configured with the defaults, as an
# install or a wheel is, hands its users the portable baseline and never
# -march=native (a library built on one CPU must run on an older one);
# -DLOA_NATIVE=ON is the explicit way to get native code.
set -euo pipefail
src="$1"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
configure() { cmake -S "$src" -B "$work/$1" -DLOA_BUILD_TESTS=OFF -DLOA_BUILD_BENCH=OFF -DLOA_BUILD_FRONTENDS=OFF \
  -DLOA_BUILD_PYTHON=OFF "${@:2}" > "$work/$1.log" 2>&1 || { cat "$work/$1.log"; exit 1; }; }
configure default
configure native -DLOA_NATIVE=ON
pc_default="$(grep '^Cflags' "$work/default/libloa/loa.pc")"
pc_native="$(grep '^Cflags' "$work/native/libloa/loa.pc")"
case "$(uname -m)" in
  x86_64) [[ "$pc_default" == *"-march=x86-64-v2"* ]] || { echo "FAIL: default flags: $pc_default"; exit 1; } ;;
esac
[[ "$pc_default" != *native* ]] || { echo "FAIL: the default build hands on -march=native: $pc_default"; exit 1; }
[[ "$pc_native" == *"-march=native"* ]] || { echo "FAIL: LOA_NATIVE=ON flags: $pc_native"; exit 1; }
echo "ok: default $pc_default; native $pc_native"
