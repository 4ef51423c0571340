"""The repository's scripts (scripts/*.py, frontends/contests/kaggle/*.py) are programs, not modules of the package:
tests that call their functions load them from their files."""
import importlib.util
import os

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def load_script(*path, name=None):
    """The module of SOURCE/path..., named after its file unless name is given."""
    file = os.path.join(SOURCE, *path)
    name = name or os.path.splitext(os.path.basename(file))[0].replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
