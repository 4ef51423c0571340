"""Where a split solve's nodes went, from the logs of its runs (loa.cluster solve's, or loa.cluster table's).

    python3 -m loa.cluster stats --rules six c1e3*.log        # in the runs' order
    python3 -m loa.cluster stats --rules six --json c1e3*.log

Reads the lines loa.cluster logs ("solved LINE: RESULT (N nodes)", "merged LINE: RESULT from K lines",
"refuted LINE: ...", "gave up LINE: why", "rechecked LINE: RESULT (N nodes)", "transposed LINE: ...") and says:

- jobs: how many, their nodes, and those that ended unknown (a job left unknown is split, and its nodes
  are spent for nothing but the moves it did not disprove);
- rechecks (--recheck): how many, their nodes, and how many settled their node (the prover's win, or that
  it cannot win there), so ending the work below it;
- splits: for each node whose job was left unknown and which a split then settled (a "merged" line), the
  settled jobs' nodes below it against the unknown job's: for how many the split cost less than the job
  that failed, and the median ratio (whether splitting sooner, with a smaller budget, looks cheaper);
- transpositions: jobs at a position (board and side to move) that another line had settled before, or
  had left unknown before: what a store keyed by position rather than by line could have saved (an upper
  bound: under repetition rules a position's value can depend on its line, docs/solver.md), and the nodes
  a proof found at another line settled ("transposed" lines).

Exit codes: 0, 2 bad input (rules, a log that cannot be read, a line whose moves are not legal).
"""
import argparse
import json
import re
import sys

from .. import Rules
from .split_tree import game_at

SOLVED = re.compile(r"solved (.*): (.*) \(([\d,]+) nodes\)$")
MERGED = re.compile(r"merged (.*): .* from \d+ lines$")
RECHECKED = re.compile(r"rechecked (.*): (.*) \(([\d,]+) nodes\)$")


def moves_of(text):
    return () if text == "(start)" else tuple(text.split())


class Positions:
    """The position after a line from the rules' start (or --position): its board and side to move, the
    first two fields of its position text (the rest count plies and points), remembered."""

    def __init__(self, rules, position):
        self.rules, self.position, self.seen = rules, position, {}

    def __call__(self, line):
        if line not in self.seen:
            text = game_at(self.rules, list(line), self.position).position_text()
            self.seen[line] = " ".join(text.split()[:2])
        return self.seen[line]


def stats(log_lines, positions):
    """The figures of the module's docstring, as a dict, from the lines of one or more logs (in the order the
    runs ran: a position counts as settled from the first line that settles it); `positions` is a Positions."""
    jobs = []  # (line, result, nodes), in the logs' order; a merge is ("merged", 0 nodes)
    merged = set()
    refuted = gave_up = moved = 0
    rechecks = []  # (result, nodes)
    for text in log_lines:
        text = text.rstrip("\n")
        solved, merge = SOLVED.match(text), MERGED.match(text)
        if solved:
            jobs.append((moves_of(solved.group(1)), solved.group(2), int(solved.group(3).replace(",", ""))))
        elif merge:
            merged.add(moves_of(merge.group(1)))
            jobs.append((moves_of(merge.group(1)), "merged", 0))
        recheck = RECHECKED.match(text)
        if recheck:
            rechecks.append((recheck.group(2), int(recheck.group(3).replace(",", ""))))
        refuted += text.startswith("refuted ")
        gave_up += text.startswith("gave up ")
        moved += text.startswith("transposed ")

    solves = [j for j in jobs if j[1] != "merged"]
    unknown = [j for j in solves if j[1] == "unknown"]
    out = {"jobs": len(solves), "nodes": sum(n for _, _, n in solves), "unknown_jobs": len(unknown),
           "unknown_nodes": sum(n for _, _, n in unknown), "refuted": refuted, "gave_up": gave_up,
           "rechecks": {"jobs": len(rechecks), "nodes": sum(n for _, n in rechecks),
                        "settled": sum(r != "unknown" for r, _ in rechecks)}}

    # Splits: an unknown node settled later by the jobs below it (nested splits each count, so the nodes
    # below are compared node by node, not summed).
    settled_jobs = [j for j in solves if j[1] != "unknown"]
    ratios = []
    for line, nodes in sorted({(j[0], j[2]) for j in unknown}):
        if line in merged:
            below = sum(n for l, _, n in settled_jobs if len(l) > len(line) and l[:len(line)] == line)
            ratios.append(below / max(nodes, 1))
    ratios.sort()
    out["splits"] = {"nodes": len(ratios), "below_cheaper": sum(r < 1 for r in ratios),
                     "median_below_per_job": ratios[len(ratios) // 2] if ratios else None}

    # Transpositions: a job at a position another line reached first, settled or left unknown there.
    settled_at, unknown_at = {}, {}
    again = {"settled_jobs": 0, "settled_nodes": 0, "unknown_jobs": 0, "unknown_nodes": 0}
    for line, result, nodes in jobs:
        here = positions(line)
        if result != "merged":
            if settled_at.get(here, line) != line:
                again["settled_jobs"] += 1
                again["settled_nodes"] += nodes
            elif result == "unknown" and unknown_at.get(here, line) != line:
                again["unknown_jobs"] += 1
                again["unknown_nodes"] += nodes
        if result == "unknown":
            unknown_at.setdefault(here, line)
        else:
            settled_at.setdefault(here, line)
    again["moved_proofs"] = moved
    again["lines"] = len(positions.seen)
    again["positions"] = len(set(positions.seen.values()))
    out["transpositions"] = again
    return out


def billions(n):
    return f"{n / 1e9:.2f} billion"


def add_parser(commands) -> None:
    """The `stats` command of python3 -m loa.cluster."""
    parser = commands.add_parser("stats", help="where a split solve's nodes went, from its runs' logs",
                                 description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="+", help="the runs' logs, in the order they ran")
    parser.add_argument("--rules", required=True)
    parser.add_argument("--position", help="the position text the runs' lines start from")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.set_defaults(run=command)


def command(args: argparse.Namespace) -> int:
    try:
        rules = Rules(args.rules)
        lines = [text for path in args.logs for text in open(path)]
        out = stats(lines, Positions(rules, args.position))
    except (OSError, ValueError) as e:
        print(f"loa.cluster stats: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out, sort_keys=True))
        return 0
    share = out["unknown_nodes"] / out["nodes"] if out["nodes"] else 0
    print(f"jobs {out['jobs']:,}: {billions(out['nodes'])} nodes; {out['unknown_jobs']:,} unknown "
          f"({billions(out['unknown_nodes'])}, {share:.0%}); {out['refuted']:,} refuted, {out['gave_up']:,} given up")
    r = out["rechecks"]
    if r["jobs"]:
        print(f"rechecks {r['jobs']:,}: {billions(r['nodes'])} nodes; {r['settled']:,} settled their node")
    s = out["splits"]
    if s["nodes"]:
        print(f"splits settled: {s['nodes']:,} nodes whose job was unknown; the jobs below cost less than that job "
              f"for {s['below_cheaper']:,}, and {s['median_below_per_job']:.2f} times it at the median")
    t = out["transpositions"]
    print(f"transpositions: {t['settled_jobs']:,} jobs ({billions(t['settled_nodes'])}) at a position another line "
          f"had settled, {t['unknown_jobs']:,} unknown ({billions(t['unknown_nodes'])}) where another line was "
          f"unknown; {t['positions']:,} positions in {t['lines']:,} lines; {t['moved_proofs']:,} nodes settled by the "
          f"proof of another line")
    return 0
