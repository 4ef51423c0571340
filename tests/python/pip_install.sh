#!/usr/bin/env bash
# pip_install.sh SOURCE_DIR: the package as a user installs it, offline.
# 1. A fresh venv (seeing Debian's numpy), `pip install --no-build-isolation`
#    of the checkout: it imports from the venv and plays a game to the end.
# 2. `python3 -m build --no-isolation --wheel`, and the wheel installed into
#    another venv (a plain one, --no-deps): it imports and steps a batch.
# The module's build tree is a temporary one, not the checkout's.
set -euo pipefail
src="$(realpath "$1")"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
export LOA_PYTHON_BUILD_DIR="$work/build" PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1
cd "$work"

/usr/bin/python3 -m venv --system-site-packages one
start=$(date +%s)
one/bin/pip install --quiet --no-build-isolation "$src"
echo "pip install: $(( $(date +%s) - start )) s"
one/bin/python - <<'PY'
import random, loa
assert loa.__file__.startswith(__import__("sys").prefix), loa.__file__
game, rng = loa.Game("six"), random.Random(1)
while not game.is_terminal():
    game.apply_action(rng.choice(game.legal_actions()))
print("venv one:", loa.__version__, game.outcome()["reason"], "after", game.ply, "plies")
PY

/usr/bin/python3 -m build --no-isolation --wheel --outdir dist "$src" > build.log 2>&1 || { cat build.log; exit 1; }
wheel="$(ls dist/*.whl)"
echo "wheel: $(basename "$wheel"), $(( $(stat -c %s "$wheel") / 1024 )) KiB"
/usr/bin/python3 -m venv two
two/bin/pip install --quiet --no-deps "$wheel"
two/bin/python -c "import loa, loa.cluster, sys; assert loa.__file__.startswith(sys.prefix); print('venv two:', loa.__version__, sorted(loa.Game().legal_actions())[:2])"
# numpy is Debian's, seen from a venv with the system's packages.
/usr/bin/python3 -m venv --system-site-packages three
three/bin/pip install --quiet --no-deps "$wheel"
three/bin/python -c "
import loa
import loa.env
env = loa.env.BatchEnv('olympiad', 8, seed=1)
print('venv three: a batch of', env.num_envs, env.step(env.random_actions())[0].shape)"
echo "ok: installed from the checkout and from a wheel"
