#!/usr/bin/env python3
"""Every `loa` command the docs show runs as written: doc_commands.py LOA SOURCE_DIR.

Reads the shell blocks of README.md and docs/*.md, takes each line that runs the command line
(`build/bin/loa ...`, `loa ...`), the single-file tool or `python3 -m loa.cluster` (with this
build's package, <build>/python, and this Python), and runs them in order, a document at
a time, in a scratch folder that sees the checkout's tests/, libloa/ and frontends/ (so that the
paths the docs use work, and what a command writes, p.txt or g.rec, stays in the scratch folder).
Each must exit 0. A command that cannot run here is listed in NOT_RUN with the reason, and the
run fails when such an entry matches no command (the docs changed: the list must follow).
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

# (a pattern of the command line, why a test does not run it as written).
NOT_RUN = [
    (r"loa serve", "a server that runs until stopped: serve.api, serve.browser and web.* run it"),
    (r"loa play", "a game in the terminal, waiting for a player: cli.play_session plays one"),
    (r"loa ugi\b", "an engine waiting on standard input: cli.ugi_session and cli.ugi_behaviour drive it"),
    (r"/path/to/|/opt/loa-1\.0|/shared/run42|my\.ini|\"b1-d3 \.\.\.\"|\bA B \[|PROGRAM \[|\bA \[B\]",
     "a placeholder for the reader's own programs, files or moves"),
    (r"records g\.rec|records games\.rec", "reads the records of the match above it, which compares two builds of "
                                          "the reader's"),
    (r"loa\.cluster \w+ --rules six", "a 6x6 run of the cluster takes hours and its store: the Python tests run 5x5"),
    (r"tune -r olympiad -i 3000|categories -g 3000", "hours of self-play: cli.categories_learns_from_self_play "
                                                     "runs categories on 2 games"),
    (r"match -r loaps -1 engine:ms=100 -2 greedy -g 200|corners6-pinned -1 engine:ms=50 -2 greedy -g 20",
     "minutes of games: cli.match_runs and cli.match_end_to_end play matches"),
    (r"datagen -o olympiad\.bin --games 200000", "hours on two cores: cli.datagen_resumes and the training tests "
                                                  "generate a few games"),
    (r"bench --threads 2 --depth 11", "a minute on two cores: cli.bench_two_threads runs it at depth 5"),
    (r"--split six-jobs --time 86400|--merge six-jobs|verify-proof six\.proof$|solve -r six --memory 4096",
     "solving 6x6 from the start takes hours: cli.six_proof checks the stored proof"),
    (r"verify-proof six\.proof --compact", "the proof of the hours-long run above"),
    (r"referee codingame build/bin/loa-codingame builtin:greedy --games 20|referee kattis build/bin/loa-kattis "
     r"--games 100|referee showdown build/bin/loa-showdown builtin:racer builtin:zapper builtin:waller",
     "minutes of games: frontend.codingame_pass, frontend.kattis_limit and frontend.showdown play them"),
]
COMMAND = re.compile(r"^(build/bin/loa|loa|frontends/contests/single_file\.py|(\.venv/bin/python|python3) -m loa\.cluster)"
                     r"(\s|$)")
PYTHON = re.compile(r"^(\.venv/bin/python|python3) ")


def commands(source):
    docs = [source / "README.md"] + sorted((source / "docs").glob("*.md"))
    for doc in docs:
        text = doc.read_text()
        for block in re.findall(r"```(?:sh|bash)\n(.*?)```", text, re.S):
            lines = block.splitlines()
            i = 0
            while i < len(lines):
                line = lines[i]
                while line.endswith("\\") and i + 1 < len(lines):  # a command continued on the next line
                    i += 1
                    line = line[:-1] + " " + lines[i].strip()
                i += 1
                command = re.sub(r"\s+#.*$", "", line).strip()  # without its comment
                if COMMAND.match(command):
                    yield doc.relative_to(source).as_posix(), command


def main():
    loa, source = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    used = set()
    ran = failed = 0
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        for part in ("tests", "libloa", "frontends"):
            (work / part).symlink_to(source / part)
        (work / "build" / "bin").mkdir(parents=True)
        for program in loa.parent.iterdir():  # loa and the contest entries the referees run
            if program.name.startswith("loa"):
                (work / "build" / "bin" / program.name).symlink_to(program)
        env = dict(os.environ, PATH=f"{work / 'build' / 'bin'}:{os.environ['PATH']}",
                   PYTHONPATH=str(loa.parent.parent / "python"))
        for doc, command in commands(source):
            skip = next((i for i, (pattern, _) in enumerate(NOT_RUN) if re.search(pattern, command)), None)
            if skip is not None:
                used.add(skip)
                continue
            command = PYTHON.sub(sys.executable + " ", command)
            try:
                r = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                   timeout=180, stdin=subprocess.DEVNULL)
                ok, said = r.returncode == 0, f"exit {r.returncode}: {(r.stderr or r.stdout).strip()[-300:]}"
            except subprocess.TimeoutExpired:
                ok, said = False, "still running after 180 s"
            ran += 1
            if not ok:
                failed += 1
                print(f"FAILED {doc}: {command}\n  {said}")
    stale = [pattern for i, (pattern, _) in enumerate(NOT_RUN) if i not in used]
    for pattern in stale:
        print(f"FAILED: NOT_RUN's {pattern!r} matches no command of the docs any more")
    print(f"doc_commands: {ran} commands run, {len(used)} kinds not run (NOT_RUN says why)")
    print(f"{ran - failed} passed, {failed + len(stale)} failed")
    return 1 if failed or stale or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
