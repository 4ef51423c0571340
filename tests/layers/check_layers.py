#!/usr/bin/env python3
"""Keeps the layers of layers.toml.

    check_layers.py [--root DIR]            check the tree; each fault on a line, exit 1 if any
    check_layers.py --markdown [--root DIR] print the layer table docs/architecture.md carries

What it refuses, each on a line that names the file, the line and the rule:
- a quoted include that climbs: it reaches a room that the including room does not `use`;
- a front-end that reaches into a library's private headers (libloa/src/) or into another
  front-end it does not use;
- an include that names no file of the tree (the headers' old flat paths, loa/game.hpp, are
  generated for users' code and refused here);
- in the library, a system header outside the standard library (but those the data allows);
- a file of code under libloa/ or frontends/ that is in no room;
- Python outside the package that imports its private names (loa._core, loa._anything);
- `uses` that name an unknown room or make a cycle;
- a layer table in docs/architecture.md (between the two DOC_MARKS) that is not the one this
  file's data gives (`--markdown` prints it).
"""
import argparse
import ast
import os
import pathlib
import re
import sys
import tomllib

CPP = (".cpp", ".hpp", ".h", ".cc")
CODE = CPP + (".py", ".js", ".pyi")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
# The library's standard headers: a name with no dot and no slash (<vector>, <cstdint>).
STANDARD = re.compile(r"^[a-z_]+$")
DOC = "docs/architecture.md"
DOC_MARKS = ("<!-- layers.toml: begin (tests/layers/check_layers.py --markdown) -->", "<!-- layers.toml: end -->")


def load(root):
    data = tomllib.loads((root / "layers.toml").read_text())
    rooms = data["room"]
    names = [r["name"] for r in rooms]
    faults = []
    known = set(names) | {"libloa"}
    for room in rooms:
        for used in room["uses"]:
            if used not in known:
                faults.append(f"layers.toml: room {room['name']} uses {used}, which is no room")
    # Bottom first: a room may use only rooms listed before it, so the graph has no cycle.
    seen = set()
    for room in rooms:
        for used in room["uses"]:
            if used != "libloa" and used in known and used not in seen:
                faults.append(f"layers.toml: room {room['name']} uses {used}, which is not below it")
        seen.add(room["name"])
    return data, rooms, faults


def room_of(rel, rooms):
    """The room of a path relative to the root: the one with the longest matching folder."""
    best, length = None, -1
    for room in rooms:
        for path in room["paths"]:
            if (rel == path or rel.startswith(path + "/")) and len(path) > length:
                best, length = room, len(path)
    return best


def may_use(room, target, target_rel):
    if target is room:
        return True
    uses = room["uses"]
    if target["name"] in uses:
        return not target_rel.startswith("libloa/src/") or room["name"].startswith("libloa/")
    if "libloa" in uses and target["name"].startswith("libloa/"):
        return target_rel.startswith("libloa/include/")
    return False


def resolve(root, here, name, roots):
    for base in [here] + [root / r for r in roots]:
        path = base / name
        if path.is_file():
            return path.resolve()
    return None


def files_under(root, top):
    for dirpath, dirnames, filenames in os.walk(root / top):
        dirnames[:] = [d for d in dirnames if d not in ("__pycache__", "node_modules") and not d.startswith(".")]
        for f in sorted(filenames):
            yield pathlib.Path(dirpath) / f


def include_faults(root, path, rel, room, rooms, data):
    """The faults of a C++ file's includes (its room known)."""
    faults = []
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        kind, name = m.groups()
        where = f"{rel}:{number}"
        if kind == "<":
            if (room["name"].startswith("libloa/") and not STANDARD.match(name)
                    and name not in data.get("library_system_headers", [])):
                faults.append(f"{where}: includes <{name}>: the library uses the standard library only")
            continue
        target_path = resolve(root, path.parent, name, data["include_roots"])
        if target_path is None:
            faults.append(f'{where}: includes "{name}", which is no file of the tree'
                          " (the library's headers are loa/ROOM/NAME.hpp)")
            continue
        target_rel = target_path.relative_to(root.resolve()).as_posix()
        target = room_of(target_rel, rooms)
        if target is None:
            faults.append(f'{where}: includes "{name}" ({target_rel}), which is in no room')
        elif not may_use(room, target, target_rel):
            what = "a private header of the library" if target_rel.startswith("libloa/src/") else "its room"
            faults.append(f'{where}: includes "{name}" ({what}: {target["name"]}), which room '
                          f'{room["name"]} may not use (layers.toml: uses = {room["uses"]})')
    return faults


def doc_faults(root, rooms):
    """Whether docs/architecture.md's layer table is the data's."""
    doc = root / DOC
    if not doc.is_file():
        return []
    text = doc.read_text()
    begin, end = (text.find(mark) for mark in DOC_MARKS)
    if begin < 0 or end < begin:
        return [f"{DOC}: no layer table between {DOC_MARKS[0]} and {DOC_MARKS[1]}"]
    if text[begin + len(DOC_MARKS[0]):end].strip("\n") + "\n" != markdown(rooms):
        return [f"{DOC}: the layer table is not layers.toml's (write it again with --markdown)"]
    return []


def check(root):
    """Every fault of the tree: one walk over the folders of code, each file checked by its kind."""
    data, rooms, faults = load(root)
    for top in ("libloa", "frontends", "scripts", "bench"):
        for path in files_under(root, top):
            rel = path.relative_to(root).as_posix()
            room = room_of(rel, rooms)
            if top in ("libloa", "frontends") and rel.endswith(CODE) and room is None:
                faults.append(f"{rel}: in no room of layers.toml (a new folder needs a room)")
            elif rel.endswith(CPP) and room is not None:
                faults += include_faults(root, path, rel, room, rooms, data)
            elif rel.endswith(".py"):
                faults += python_faults(root, rel, data["python_package"], room, rooms)
    return faults + doc_faults(root, rooms)


def python_imports(source, rel, package_parent):
    """(line, module, names) of each import of loa, with relative imports made absolute."""
    here = pathlib.PurePosixPath(rel).parent
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        return [(e.lineno or 0, "", ["<syntax error>"])]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, []) for a in node.names if a.name.split(".")[0] == "loa"]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                if not rel.startswith(package_parent + "/"):
                    continue  # a relative import outside the package is not of loa
                parts = here.relative_to(package_parent).parts
                parts = parts[:len(parts) - node.level + 1]
                module = ".".join(list(parts) + ([module] if module else []))
            if module.split(".")[0] == "loa":
                found.append((node.lineno, module, [a.name for a in node.names]))
    return found


def module_file(root, package_parent, module):
    """The file of a module of the package (a package's __init__.py; loa._core's stub), or None."""
    base = root / package_parent / pathlib.Path(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py", base.with_suffix(".pyi")):
        if candidate.is_file():
            return candidate
    return None


def python_faults(root, rel, package, room, rooms):
    """The faults of a Python file's imports of the package (`room`: the file's, or None outside the rooms)."""
    faults = []
    package_parent = str(pathlib.PurePosixPath(package).parent)
    inside = rel.startswith(package + "/")
    for number, module, names in python_imports((root / rel).read_text(errors="replace"), rel, package_parent):
        where = f"{rel}:{number}"
        private = [part for part in module.split(".") if part.startswith("_")] + [n for n in names if n.startswith("_")]
        if private and not inside:
            faults.append(f"{where}: imports the package's private names ({module}: {', '.join(private)}):"
                          " outside the package, only its public names")
        # The module imported, or the submodule a `from PACKAGE import NAME` names.
        targets = [module_file(root, package_parent, f"{module}.{n}") for n in names] if names else []
        targets = [t for t in targets if t] or [module_file(root, package_parent, module)]
        for target_path in targets:
            if target_path is None:
                faults.append(f"{where}: imports {module}, which is no module of the package")
                continue
            target_rel = target_path.relative_to(root).as_posix()
            target = room_of(target_rel, rooms)
            if room is not None and target is not None and not may_use(room, target, target_rel):
                faults.append(f"{where}: imports {module} ({target['name']}), which room {room['name']} may not use"
                              f" (layers.toml: uses = {room['uses']})")
    return faults


def markdown(rooms):
    """The layer table of docs/architecture.md: the rooms, top first."""
    out = ["| room | what | may use |", "|---|---|---|"]
    for room in reversed(rooms):
        uses = ", ".join(f"`{u}`" for u in room["uses"]) or "nothing"
        out.append(f"| `{room['name']}` | {room['what']} | {uses} |")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parents[2]))
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    if args.markdown:
        sys.stdout.write(markdown(load(root)[1]))
        return 0
    faults = check(root)
    for fault in faults:
        print(fault)
    if faults:
        print(f"check_layers: {len(faults)} faults", file=sys.stderr)
        return 1
    print("check_layers: every include and import keeps the layers of layers.toml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
