"""docs/library.md's examples run as written: every Python block executes,
and its C++ block is the consumer example that tests/install builds."""
import os
import re

import pytest

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def blocks(language):
    text = open(os.path.join(SOURCE, "docs", "library.md")).read()
    return re.findall(r"```" + language + r"\n(.*?)```", text, re.S)


def test_there_are_python_examples():
    assert len(blocks("python")) >= 3


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_example_runs(index, capsys):
    exec(compile(blocks("python")[index], f"docs/library.md python block {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()


def test_cpp_example_is_the_consumer_program():
    program = open(os.path.join(SOURCE, "docs", "examples", "consumer", "main.cpp")).read()
    assert program in blocks("cpp")


def test_mypy_accepts_the_examples_with_the_stubs(tmp_path):
    """The package's type stubs (py.typed, _core.pyi) check the documented examples, and catch a misuse."""
    import subprocess
    import sys

    import loa

    package_root = os.path.dirname(os.path.dirname(loa.__file__))
    for index, block in enumerate(blocks("python")):
        (tmp_path / f"example_{index}.py").write_text(block)
    (tmp_path / "misuse.py").write_text('import loa\nloa.Game("six").apply_action("b1-b3")\n')
    env = dict(os.environ, MYPYPATH=package_root)
    run = lambda *files: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull, *files],
        capture_output=True, text=True, env=env)
    examples = run(*sorted(str(p) for p in tmp_path.glob("example_*.py")))
    assert examples.returncode == 0, examples.stdout + examples.stderr
    misuse = run(str(tmp_path / "misuse.py"))
    assert misuse.returncode == 1 and 'incompatible type "str"' in misuse.stdout, misuse.stdout
