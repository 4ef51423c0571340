"""docs/library.md's examples run as written: every Python block executes,
and its C++ block is the consumer example that tests/install builds."""
import os
import re

import pytest

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))


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
