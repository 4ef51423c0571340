#!/usr/bin/env bash
# Sets up, builds and runs the loa command line; arguments are passed on.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
# The command line and the Python module (so that `import loa` works too).
"$root/scripts/build.sh" --target loa_cli loa_python
exec "${LOA_BUILD_DIR:-$root/build}/bin/loa" "$@"
