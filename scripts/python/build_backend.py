"""The build backend of libloa's Python package (PEP 517), in the tree.

`pip install .` and `python3 -m build --no-isolation --wheel` call it. It
builds the module with the project's own CMake (the loa_python target, with
Debian's pybind11) and writes the wheel itself, with the standard library
only: it needs no build requirement, so that pip's isolated build installs
nothing and works offline. docs/architecture.md says why this and not
setuptools or scikit-build.

The build tree is build-python/<tag>-<interpreter>/ in the checkout (LOA_PYTHON_BUILD_DIR
to choose another), kept between builds so that a second install only
relinks. The module is built for the portable baseline (x86-64-v2) unless
LOA_NATIVE=ON is in the environment or `--config-settings native=1` given.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "libloa"
SUMMARY = "Lines of Action and its contest variants: rules as data, search, solver, batched games"


def _version() -> str:
    """The one version of the project: the project() line of CMakeLists.txt."""
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        found = re.search(r"project\(\s*libloa\s+VERSION\s+([0-9.]+)", f.read())
    if not found:
        raise RuntimeError("CMakeLists.txt has no 'project(libloa VERSION x.y.z)' line")
    return found.group(1)


def _tag() -> str:
    """The wheel's tag: this interpreter, its ABI and platform."""
    interpreter = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{interpreter}-{platform}"


def _metadata() -> str:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return "\n".join([
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {_version()}",
        f"Summary: {SUMMARY}",
        "License: MIT",
        "Requires-Python: >=3.9",
        "Requires-Dist: numpy>=1.21",
        "Description-Content-Type: text/markdown",
        "",
        readme,
    ])


def _dist_info() -> str:
    return f"{NAME}-{_version()}.dist-info"


def _native(config_settings) -> bool:
    settings = config_settings or {}
    return os.environ.get("LOA_NATIVE", "OFF").upper() in ("ON", "1") or str(settings.get("native", "0")) == "1"


def _build_module(config_settings) -> str:
    """Builds the package into the build tree; returns the package's directory there."""
    # One build tree per base interpreter (venvs of one Python share it).
    base = hashlib.sha256(os.path.realpath(sys.base_prefix).encode()).hexdigest()[:8]
    build = os.environ.get("LOA_PYTHON_BUILD_DIR") or os.path.join(ROOT, "build-python", f"{_tag()}-{base}")
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    configure = ["cmake", "-S", ROOT, "-B", build, *generator, "-DCMAKE_BUILD_TYPE=Release",
                 "-DLOA_BUILD_TESTS=OFF", "-DLOA_BUILD_BENCH=OFF", "-DLOA_BUILD_FRONTENDS=OFF",
                 "-DLOA_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
                 f"-DLOA_NATIVE={'ON' if _native(config_settings) else 'OFF'}"]
    for command in (configure, ["cmake", "--build", build, "--target", "loa_python", "--parallel"]):
        # Progress to stderr: pip shows it with -v, and stdout stays the backend's.
        subprocess.run(command, check=True, stdout=sys.stderr)
    return os.path.join(build, "python", "loa")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_module(config_settings)
    files = {}
    # The package with its subpackages (loa/env, loa/cluster), as the build tree holds it.
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if not name.endswith(".pyc"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    files["loa/" + os.path.relpath(path, package).replace(os.sep, "/")] = f.read()
    info = _dist_info()
    with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
        files[f"{info}/LICENSE"] = f.read()
    files[f"{info}/METADATA"] = _metadata().encode()
    files[f"{info}/WHEEL"] = "\n".join(["Wheel-Version: 1.0", "Generator: libloa build_backend",
                                        "Root-Is-Purelib: false", f"Tag: {_tag()}", ""]).encode()
    files[f"{info}/top_level.txt"] = b"loa\n"
    record = [_record_line(name, data) for name, data in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = f"{NAME}-{_version()}-{_tag()}.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    """The tracked files of the checkout (git ls-files), with PKG-INFO."""
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True, capture_output=True).stdout
    base = f"{NAME}-{_version()}"
    archive = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, archive), "w:gz") as tar:
        for name in filter(None, listed.decode().split("\0")):
            if os.path.isfile(os.path.join(ROOT, name)):
                tar.add(os.path.join(ROOT, name), arcname=f"{base}/{name}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return archive
