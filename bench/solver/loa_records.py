"""What the solver scripts share: reading `loa match --records` files and asking `loa solve`."""
import json
import subprocess

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def record_games(path):
    """(rules, moves from the rules' start, result) of every game of a record file."""
    rules, moves, result = "olympiad", None, "*"
    for line in open(path).read().splitlines() + ['[Rules "end"]']:
        if line.startswith("[Rules "):
            if moves:
                yield rules, moves, result
            rules, moves, result = line.split('"')[1], [], "*"
        elif line.startswith("[Result "):
            result = line.split('"')[1]
        elif line and not line.startswith("[") and moves is not None:
            moves += [w for w in line.split() if not w.endswith(".") and w not in RESULTS]


def solve(loa, rules, moves, seconds, *options):
    """`loa solve --json` of the position after `moves`: its JSON object (result unknown within the budget too)."""
    r = subprocess.run([loa, "solve", "-q", "--json", "-r", rules, "--moves", " ".join(moves), "--time", str(seconds),
                        *options], capture_output=True, text=True)
    if r.returncode not in (0, 1):  # 0 proven, 1 unknown within the budget
        raise SystemExit(f"loa solve failed ({r.returncode}): {r.stderr.strip()}")
    return json.loads(r.stdout)
