#!/usr/bin/env bash
# Sets up, builds and runs the loa command line; arguments are passed on.
# Also installs the Python package into the project's own venv, .venv/ in
# the checkout (Debian's python3 with its numpy; nothing is written outside
# the checkout): .venv/bin/python -c "import loa" then works.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" --target loa_cli
venv="$root/.venv"
[ -x "$venv/bin/python" ] || /usr/bin/python3 -m venv --system-site-packages "$venv" >&2
# Reinstalled when a source of the module is newer than the installed package.
installed="$(ls "$venv"/lib/python3*/site-packages/loa/__init__.py 2>/dev/null | head -1 || true)"
if [ -z "$installed" ] || [ -n "$(find "$root/libloa" "$root/frontends/python" "$root/CMakeLists.txt" \
    -newer "$installed" -type f -print -quit)" ]; then
  echo "run.sh: installing the Python package into $venv (pip install .)" >&2
  "$venv/bin/pip" install --quiet --no-index --no-deps --force-reinstall "$root" >&2
  touch "$venv"/lib/python3*/site-packages/loa/__init__.py
fi
echo "run.sh: 'import loa' works in $venv/bin/python" >&2
exec "${LOA_BUILD_DIR:-$root/build}/bin/loa" "$@"
