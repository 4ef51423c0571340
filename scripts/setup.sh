#!/usr/bin/env bash
# Installs, with apt-get, whatever the build needs and the machine lacks.
# ccache keeps compiled objects between builds (the test command builds the
# tree four times, in four configurations): a second run of the same sources
# compiles almost nothing.
# Does nothing (and needs no network) when everything is there already.
set -euo pipefail

# The Python package (frontends/python) builds with pybind11 against Debian's
# python3, uses its numpy, and is tested with its pytest, venv (pip install
# into a fresh venv), build (wheels) and mypy (the type stubs). loa serve uses
# nlohmann/json; its page is tested in headless Chromium through selenium, and
# built to WebAssembly by emscripten (the loa-web target). Split solves and
# sharded matches run on Dask (python3-distributed; loa.cluster).
# The evaluation trainer (python3 -m loa.train fit) multiplies matrices with
# numpy: OpenBLAS makes that eight times faster than the reference BLAS.
packages=(cmake ninja-build g++ g++-11 clang clang-format libclang-rt-14-dev python3 python3-dev pybind11-dev python3-pybind11
  python3-pytest python3-numpy python3-venv python3-build python3-mypy pkg-config libboost-program-options-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev zlib1g-dev chromium chromium-driver python3-selenium emscripten
  python3-distributed ccache libopenblas0-pthread)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
