#!/usr/bin/env python3
"""check_layers.py must fail on what it exists to refuse: each fault below is made once in a
copy of the tree, and the check must exit 1 naming the file; the unchanged copy must pass.

    self_test.py SOURCE_DIR
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

CHECK = pathlib.Path(__file__).resolve().parent / "check_layers.py"
COPIED = ["layers.toml", "libloa", "frontends", "scripts", "bench", "docs/architecture.md"]


def add_line(path, line):
    """Puts LINE after the file's first include (or at its top)."""
    lines = path.read_text().splitlines(keepends=True)
    at = next((i + 1 for i, text in enumerate(lines) if text.startswith("#include")), 0)
    lines.insert(at, line + "\n")
    path.write_text("".join(lines))


def append(path, text):
    path.write_text(path.read_text() + text)


# (what is done, the file the fault must name, how it is done)
FAULTS = [
    ("a library header includes a room above it", "libloa/include/loa/game/game.hpp",
     lambda t: add_line(t / "libloa/include/loa/game/game.hpp", '#include "loa/search/search.hpp"')),
    ("the search includes text, which it may not use", "libloa/src/search/search.cpp",
     lambda t: add_line(t / "libloa/src/search/search.cpp", '#include "loa/text/notation.hpp"')),
    ("a contest entry reaches into the command line's insides", "frontends/contests/potm/main.cpp",
     lambda t: add_line(t / "frontends/contests/potm/main.cpp", '#include "serve/http_server.hpp"')),
    ("the command line includes a private header of the library", "frontends/cli/main.cpp",
     lambda t: add_line(t / "frontends/cli/main.cpp", '#include "solve/proof_node.hpp"')),
    ("the binding includes a header by its old flat path", "frontends/python/binding/module.cpp",
     lambda t: add_line(t / "frontends/python/binding/module.cpp", '#include "loa/game.hpp"')),
    ("the library includes a header outside the standard library", "libloa/src/board/position.cpp",
     lambda t: add_line(t / "libloa/src/board/position.cpp", "#include <boost/optional.hpp>")),
    ("SHOWDOWN's library includes libloa", "frontends/contests/showdown/src/game.cpp",
     lambda t: add_line(t / "frontends/contests/showdown/src/game.cpp", '#include "loa/base/types.hpp"')),
    ("a new folder of code in no room", "libloa/src/misc/helper.cpp",
     lambda t: ((t / "libloa/src/misc").mkdir(), (t / "libloa/src/misc/helper.cpp").write_text("int x;\n"))),
    ("a script imports the package's private names", "scripts/tool.py",
     lambda t: (t / "scripts/tool.py").write_text("from loa._core import _map_proof\n")),
    ("the package's face imports loa.cluster, a room above it", "frontends/python/loa/__init__.py",
     lambda t: append(t / "frontends/python/loa/__init__.py", "from .cluster import main\n")),
    ("loa.env imports loa.cluster, which it may not use", "frontends/python/loa/env/aec.py",
     lambda t: append(t / "frontends/python/loa/env/aec.py", "from ..cluster import store\n")),
    ("a benchmark imports a module the package no longer has", "bench/python/cluster-bench.py",
     lambda t: (t / "bench/python/cluster-bench.py").write_text((t / "bench/python/cluster-bench.py").read_text()
                                                              .replace("loa.cluster.split_tree", "loa.split_tree"))),
    ("a room uses a room above it", "layers.toml",
     lambda t: (t / "layers.toml").write_text((t / "layers.toml").read_text().replace(
         'name = "libloa/base"\npaths = ["libloa/include/loa/base", "libloa/src/base"]\nuses = []',
         'name = "libloa/base"\npaths = ["libloa/include/loa/base", "libloa/src/base"]\nuses = ["libloa/game"]'))),
    ("the doc's layer table differs from the data", "docs/architecture.md",
     lambda t: (t / "docs/architecture.md").write_text(
         (t / "docs/architecture.md").read_text().replace("| `libloa/base` |", "| `libloa/basis` |"))),
]


def run(tree):
    return subprocess.run([sys.executable, str(CHECK), "--root", str(tree)], capture_output=True, text=True)


def main():
    source = pathlib.Path(sys.argv[1]).resolve()
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        clean = pathlib.Path(work) / "clean"
        for part in COPIED:
            (source / part).is_dir() and shutil.copytree(source / part, clean / part, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc"))
            (source / part).is_file() and ((clean / part).parent.mkdir(parents=True, exist_ok=True),
                                           shutil.copy(source / part, clean / part))
        result = run(clean)
        if result.returncode != 0:
            print(f"the unchanged tree fails the check:\n{result.stdout}{result.stderr}")
            return 1
        for number, (what, named, change) in enumerate(FAULTS):
            tree = pathlib.Path(work) / f"fault{number}"
            shutil.copytree(clean, tree)
            change(tree)
            result = run(tree)
            caught = result.returncode == 1 and any(line.startswith(named) for line in result.stdout.splitlines())
            print(f"{'caught' if caught else 'MISSED'}: {what} ({named})")
            if not caught:
                print(result.stdout + result.stderr)
                failures += 1
            shutil.rmtree(tree)
    print(f"{len(FAULTS) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
