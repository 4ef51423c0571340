"""The value of every first move of a board, with proofs, solved on a Dask cluster (docs/solver.md).

The board's symmetries that keep the rules (start, square points) group the first moves into classes.
Each class's representative is solved by loa.cluster: one job, or a split solve when that is left
unknown: of --prover's win, then (refuted) the other side's, then (both refuted) the draw, as each
side's "wins or draws" (a draw's proof file holds both claims). Its images' proofs are its proof mapped
by the symmetries (map_proof), and each is checked.
Writes OUT/MOVE.proof.gz (compact, gzip) per representative and OUT/start.proof.gz, and OUT/table.tsv
(the classes, values and proof files, which tests/python/test_tables.py checks), and prints
the table as Markdown. Rows of earlier runs stay in table.tsv unless solved again.

With --start-proof FILE (a proof of the start made before, as tests/data/six/six.proof.gz) the start
is not solved: its row, and the row of the class of the proof's first move, are that proof.

A class left unsettled (or every --only class, with --export-only) is an "open" row ("white-or-draw"
or "black-or-draw" when that side's "wins or draws" is proven at its move: the other side does not win),
and its settled lines (the highest of each claim, however deep) are written as compact proofs to
OUT/partial/REP/, its unsettled nodes beside them. A run on another machine puts them into its store
before it starts (each verified), so it goes on from there.

usage: python3 -m loa.cluster table --rules five --out tests/data/five/first-moves --store /tmp/five-store
       [--workers 2 | --scheduler tcp://host:8786] [--time 60] [--memory 2000] [--collect] [--splits 6] [--candidates 3]
       [--recheck 4] [--only start b1-b3 ...] [--prover black] [--prover-of b1-f1=white ...] [--start-proof FILE]
"""
import argparse
import gzip
import hashlib
import json
import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from .. import Game, Rules, read_proof, verify_proof
from .._core import _compact_proof, _expand_proof_checked, _map_move, _map_proof, _rules_symmetries
from .connect import Refused, add_job_budget, client_for, job_budget
from .jobs import job_record, solve_job
from .proof_paths import proof_result
from .split_solve import NotProven, SplitSolve
from .split_tree import claim_record, claim_result, claim_space, game_at, other_side, rules_space, split_tree
from .store import ResultStore, write_whole


def classes_of(rules):
    """The first moves grouped by the rules' symmetries: representative (the least name) -> {move: symmetry
    that maps the representative onto it}."""
    names = _rules_symmetries(rules)
    first = sorted(str(m) for m in Game(rules).legal_moves())
    classes = {}
    for move in first:
        images = {_map_move(move, s, rules.board_size) for s in names}
        rep = min(images)
        if rep not in classes:
            classes[rep] = {}
            for s in names:
                classes[rep].setdefault(_map_move(rep, s, rules.board_size), s)
    return names, classes


def read_table(path):
    """table.tsv's rows: first move ('' for the start) -> (images, winner, proof moves, proof file)."""
    rows = {}
    if os.path.exists(path):
        with open(path) as f:
            for text in f:
                if text.strip() and not text.startswith("#"):
                    move, images, winner, moves, proof = text.rstrip("\n").split("\t")
                    rows[move] = (images.split(), winner, int(moves), proof)
    return rows


def write_table(path, rows):
    with open(path, "w") as f:
        f.write("# first move (empty: the start)\tits images\tvalue\tproof moves\tproof file (a proof of the start: "
                "its first move is this row's)\n")
        for move in sorted(rows):
            images, winner, moves, proof = rows[move]
            f.write(f"{move}\t{' '.join(images)}\t{winner}\t{moves}\t{proof}\n")


def proved_move(proof):
    """The move a proof is of: its Before tag's last move, or for a proof of the start its first move."""
    head = proof[:2000]
    if '[Before "' in head:
        return head.split('[Before "')[1].split('"')[0].split()[-1]
    return verify_proof(proof)["first_move"]


def check_images(proof, images):
    """Every image's proof (the proof mapped by the symmetry that gives the image) verifies, and is of the
    image: images is {move: symmetry}."""
    for image, symmetry in images.items():
        if symmetry == "identity":
            continue
        mapped = _map_proof(proof, symmetry)
        verify_proof(mapped)  # raises if it does not hold
        if proved_move(mapped) != image:
            raise AssertionError(f"the proof mapped by {symmetry} is not of {image}")


def partial_folder(out, rep):
    return os.path.join(out, "partial", rep)


def partial_name(line):
    """A kept line's file name: its moves joined by '_' (partial_line reads it back)."""
    return "_".join(line) + ".proof.gz"


def partial_line(name):
    return name[:-len(".proof.gz")].split("_")


PART = ".part"  # the suffix of a proof being written: the longest name a kept line's file has, for a moment


def write_compact_proof(path, proof):
    """A proof text written compact and gzip'd (reproducible: no time stamp), as loa verify-proof reads it."""
    data = gzip.compress(_compact_proof(proof).encode(), mtime=0)  # minutes for a big proof: nothing half-written
    with open(path + PART, "wb") as f:
        f.write(data)
    os.replace(path + PART, path)


# The folders of OUT/partial/REP that hold the settled lines of each kind of run: wins in the class's
# folder, each side's "wins or draws" in a folder of its own below it.
PARTIAL_KINDS = (("", None), ("black-or-draws", "black"), ("white-or-draws", "white"))


# Beside a class's kept lines: its runs' unsettled nodes (a job's "unknown", a split's move or replies), so
# that a run resumed from them on another machine does not run those jobs again (on 2026-11-27 a run seeded
# with c1-e3's 182 lines alone ran its 177 unknown jobs of 60 s again: 90 minutes of this machine).
OPEN_NODES = "open-nodes.jsonl"


def export_partial(store, rules, rep, out):
    """The settled lines of an unsettled class (the highest only: not those under a settled line of the same
    claim, nor those of a "wins or draws" claim shown false above them), as compact proofs in
    OUT/partial/REP/ (a run's of "X wins or draws" in OUT/partial/REP/X-or-draws/), named by their moves,
    and its unsettled nodes in OUT/partial/REP/open-nodes.jsonl: a run on another machine starts from them
    (seed_store). Returns how many lines. A kept file already written from the same record stays as it is
    (COMPACT_CACHE); files of lines no longer kept go.
    Every highest settled line is kept, however deep (but for one too long for a file name, 41 moves or more,
    said on stderr): its parent is an unsettled node kept beside it, and a run resumed from that node would
    solve it again. (Until 2026-11-27 only those up to eight moves after REP were kept; c1-e3's store then
    had 49 highest lines ten moves deep, 3.6 MB of its 121 MB of proofs.)
    Every record in the store is read, not only those a walk from REP reaches: a store seeded from kept
    lines has no records above them (on 2026-11-26 such a walk kept 1 of 425 seeded lines)."""
    compacted = read_compact_cache(store)
    files = set()  # the files this export keeps; any other file in the class's folder goes
    spaces = {claim_space(rules_space(rules), side, side is not None): sub for sub, side in PARTIAL_KINDS}
    settled = {space: set() for space in spaces}
    for space, moves in store.settled_lines():
        if space in spaces and moves[:1] == [rep]:
            settled[space].add(tuple(moves))

    def under_settled(space, line):
        return any(line[:k] in settled[space] for k in range(1, len(line)))

    claims = {claim_space(rules_space(rules), side, True): side for _, side in PARTIAL_KINDS if side}
    disproven = {}  # (space, line) -> whether another claim's proof shows the space's claim false there

    def under_disproven(space, line, itself=False):
        """Whether the claim of an "X wins or draws" space is shown false at or above `line` by a settled
        record (claim_record: the other side's win, proven by any run): its lines there can never be part
        of its proof. (White's claim after c1-e3 kept 2,888 lines, 96 MB, all below f2-d2, which a run of
        black's win then settled.)"""
        side = claims.get(space)
        if side is None:
            return False
        for k in range(1, len(line) + (1 if itself else 0)):
            key = (space, line[:k])
            if key not in disproven:
                record = claim_record(store, rules_space(rules), list(line[:k]), side, True, with_proof=False)
                mover = game_at(rules, list(line[:k])).side_to_move
                disproven[key] = record is not None and claim_result(record, side, mover, True) is False
            if disproven[key]:
                return True
        return False

    found = too_deep = 0
    for space, lines in settled.items():
        folder = os.path.join(partial_folder(out, rep), spaces[space])
        for line in sorted(lines):
            if under_settled(space, line) or under_disproven(space, line):
                continue  # its proof is in a settled line above it, or can never be part of one
            name = partial_name(line)
            if len((name + PART).encode()) > 255:  # 41 moves or more: longer than a file name can be
                too_deep += 1
                continue
            record = store.get(space, list(line), with_proof=False)
            if record is None:  # damaged
                continue
            path = os.path.join(folder, name)
            written = file_digest(path)
            if written is None or compacted.get(record["sha256"]) != written:  # not from this record: write it
                record = store.get(space, list(line))
                if record is None:
                    continue
                os.makedirs(folder, exist_ok=True)
                write_compact_proof(path, record["proof"])
                compacted[record["sha256"]] = file_digest(path)
            files.add(path)
            found += 1
    if too_deep:
        print(f"{rep}: {too_deep} settled lines not kept: too deep for a file name", file=sys.stderr)
    open_nodes = []
    for space, moves in store.open_lines():
        if (space in spaces and moves[:1] == [rep] and not under_settled(space, tuple(moves))
                and not under_disproven(space, tuple(moves), itself=True)):
            record = store.get(space, moves, with_proof=False)
            if record is not None:
                kept = {k: v for k, v in record.items() if k not in ("sha256", "rules", "moves", "has_proof")}
                open_nodes.append(json.dumps({"kind": spaces[space], "moves": moves, "record": kept},
                                             sort_keys=True))
    if open_nodes:
        os.makedirs(partial_folder(out, rep), exist_ok=True)
        with open(os.path.join(partial_folder(out, rep), OPEN_NODES), "w") as f:
            f.write("".join(line + "\n" for line in sorted(open_nodes)))
        files.add(os.path.join(partial_folder(out, rep), OPEN_NODES))
    remove_all_but(partial_folder(out, rep), files)
    write_compact_cache(store, compacted)
    return found


# In the store's folder (its files are KEY.json and KEY.proof.gz; this one is neither): the digest of each kept
# line's compact file by the store's digest of the record it was written from (which covers the proof), so that
# an export writes again only the lines whose record changed. An export of c1-e3 took 19 minutes and 6.5 GB,
# most of it compacting its "wins or draws" proof (136 million moves) into the same file again; now 3.8.
COMPACT_CACHE = ".compact-proofs.tsv"


def read_compact_cache(store):
    try:
        with open(os.path.join(store.path, COMPACT_CACHE)) as f:
            return dict(line.rstrip("\n").split("\t") for line in f if line.count("\t") == 1)
    except OSError:
        return {}


def write_compact_cache(store, compacted):
    write_whole(os.path.join(store.path, COMPACT_CACHE),
                "".join(f"{k}\t{v}\n" for k, v in sorted(compacted.items())).encode())


def kept_digest(data):
    """A kept file's digest in the compact cache, from its bytes (file_digest, seed_line)."""
    return hashlib.sha256(data).hexdigest()


def file_digest(path):
    try:
        with open(path, "rb") as f:
            return kept_digest(f.read())
    except OSError:
        return None


def remove_all_but(folder, kept):
    """Removes every file under `folder` not in `kept`, then the folders left empty (the folder too)."""
    for top, _, files in os.walk(folder, topdown=False):
        for name in files:
            if os.path.join(top, name) not in kept:
                os.remove(os.path.join(top, name))
        if not os.listdir(top):
            os.rmdir(top)


def seed_open_nodes(store, rules, path):
    """The unsettled nodes in `path` (export_partial's OPEN_NODES) put into the store where it has no record;
    each checked first (of a kind of run, its line and the moves it names legal), all before any is put.
    Returns how many."""
    spaces = {sub: claim_space(rules_space(rules), side, side is not None) for sub, side in PARTIAL_KINDS}
    nodes = []
    with open(path) as f:
        for number, text in enumerate(f, 1):
            try:
                node = json.loads(text)
                space, moves, record = spaces[node["kind"]], node["moves"], node["record"]
                if record.get("result") != "unknown":
                    raise ValueError("not an unsettled node")
                named = [record["split"]] if "split" in record else []
                for moves_of in ("children", "excluded", "promising"):  # a run plays or skips each of them
                    named += list(record.get(moves_of, []))
                if not set(named) <= {str(m) for m in game_at(rules, moves).legal_moves()}:
                    raise ValueError("a move it names is not legal there")
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                raise ValueError(f"{path}:{number}: not an unsettled node ({e})") from None
            nodes.append((space, moves, record))
    seeded = 0
    for space, moves, record in nodes:
        if store.get(space, moves, with_proof=False) is None:
            store.put(space, moves, record)
            seeded += 1
    return seeded


def open_value(store, rules, rep):
    """An unsettled class's value in the table: "open", or "X-or-draw" when one side's "X wins or draws" is
    proven at the class's move and the other's is not (the other side does not win; its proof is the kept
    line OUT/partial/REP/X-or-draws/REP.proof.gz). With both proven (a run stopped before it merged them)
    it stays "open": the next run merges them into the draw's proof without a job."""
    proven = []
    for side in ("black", "white"):
        record = store.get(claim_space(rules_space(rules), side, True), [rep], with_proof=False)
        if record is not None and record["result"].endswith(" or draw"):
            proven.append(side)
    return f"{proven[0]}-or-draw" if len(proven) == 1 else "open"


def seed_line(store, rules, space, side, path):
    """Puts one kept file's line into the store (seed_store): its proof checked and expanded, and its record.
    Returns (the record's digest, the kept file's)."""
    line = partial_line(os.path.basename(path))
    with open(path, "rb") as f:
        kept = f.read()  # read once: its proof, and its digest for the compact cache
    try:
        proof = read_proof(kept)
        # The expansion checks the proof as verify_proof does and says what it claims: one walk, not two (a
        # separate verify_proof was 23% of seeding c1-e3's lines).
        expanded, claim = _expand_proof_checked(proof)  # one claim: "X wins", or (a run's of it) "X wins or draws"
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
    winner, or_draws = claim.split()[0], claim.endswith(" or draws")
    if or_draws and winner != side:
        raise ValueError(f"{path}: {claim!r} is not this folder's claim")
    result = proof_result(proof, game_at(rules, line).side_to_move)
    digest = store.put(space, line, {"result": result, "nodes": 0, "time_ms": 0, "seeded": True}, expanded)
    return digest, kept_digest(kept)


def seed_store(store, rules, out, threads=None):
    """Puts the partial results in OUT/partial (export_partial) into the store where it has none, each
    verified first, into the space of the run that made it (its folder says which), and the unsettled nodes
    kept beside them. Returns how many of each: (settled lines, unsettled nodes). `threads` lines at a time
    (default: one a core; the check, the expansion and the gzip release the GIL). A kept file that does not
    verify is not put, the others are, and then ValueError names it (the first five such files)."""
    nodes = 0
    compacted = read_compact_cache(store)
    todo = []
    for folder, _, names in os.walk(os.path.join(out, "partial")):
        if OPEN_NODES in names:
            nodes += seed_open_nodes(store, rules, os.path.join(folder, OPEN_NODES))
        side = dict((sub, side) for sub, side in PARTIAL_KINDS if sub).get(os.path.basename(folder))
        space = claim_space(rules_space(rules), side, side is not None)
        for name in sorted(names):
            if not name.endswith(".proof.gz"):
                continue
            known = store.get(space, partial_line(name), with_proof=False)
            if known is None or known["result"] == "unknown":
                todo.append((space, side, os.path.join(folder, name)))
    if todo:
        todo.sort(key=lambda job: -os.path.getsize(job[2]))  # the biggest first, not left alone at the end

        def attempt(job):
            try:
                return seed_line(store, rules, *job), None
            except ValueError as e:
                return None, str(e)

        refused = []
        with ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1) as pool:
            # Every line is tried, a bad file's refusal kept for the end: the lines put do not depend on which
            # thread met the bad file first (map cancels what has not started when a result raises).
            for seeded, error in pool.map(attempt, todo):
                if error is not None:
                    refused.append(error)
                else:
                    # The kept file is its record's compact proof: an export to the same folder keeps it
                    # (without this, the first export from a seeded store compacted all of c1-e3's 226 MB
                    # again, about 19 minutes).
                    digest, kept = seeded
                    compacted[digest] = kept
        write_compact_cache(store, compacted)
        if refused:
            shown = "; ".join(refused[:5]) + (f"; and {len(refused) - 5} more" if len(refused) > 5 else "")
            raise ValueError(f"{len(refused)} of {len(todo)} kept lines not seeded: {shown}")
    return len(todo), nodes


def add_parser(commands) -> None:
    """The `table` command of python3 -m loa.cluster."""
    parser = commands.add_parser("table", help="the value of every first move of a board, with proofs",
                                 description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="five")
    parser.add_argument("--out", required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler")
    parser.add_argument("--connect-timeout", type=float, default=10, help="seconds to wait for --scheduler")
    add_job_budget(parser)
    parser.add_argument("--memory", type=int, default=2000, help="MiB for each job's tree (loa.cluster)")
    parser.add_argument("--collect", action="store_true", help="jobs fold a full tree and go on (loa.cluster)")
    parser.add_argument("--splits", type=int, default=6)
    parser.add_argument("--engine-nodes", type=int, default=2_000_000)
    parser.add_argument("--candidates", type=int, default=3)
    parser.add_argument("--prover", choices=["black", "white"], default="black",
                        help="the side a split solve tries to prove the winner, when one solve settles nothing")
    parser.add_argument("--prover-of", nargs="*", default=[], metavar="MOVE=SIDE",
                        help="another prover for these classes (a representative, or 'start'); SIDE 'draw': prove "
                             "the draw at once, as each side's 'wins or draws'")
    parser.add_argument("--only", nargs="*", help="solve only these classes (a representative, or 'start')")
    parser.add_argument("--start-proof", help="a proof of the start made before: not solved again")
    parser.add_argument("--export-only", action="store_true",
                        help="solve nothing: write the --only classes' settled lines from the store to OUT/partial "
                             "(a run stopped by hand)")
    parser.set_defaults(run=command)


def command(args: argparse.Namespace) -> int:
    """Solves (or exports) the table; a bad input or a cluster that fails is a Refused (one line, its code)."""
    try:
        job_budget(args)
    except ValueError as e:
        raise Refused(2, str(e)) from None
    try:
        rules = Rules(args.rules)
    except ValueError as e:
        raise Refused(2, str(e)) from None
    names, classes = classes_of(rules)
    first = sum(len(c) for c in classes.values())
    print(f"{rules.name}: {first} first moves, {len(classes)} classes under {', '.join(names)}", flush=True)
    provers = {}
    for given in args.prover_of:
        move, _, side = given.partition("=")
        if side not in ("black", "white", "draw") or (move != "start" and move not in classes):
            raise Refused(2, f"--prover-of {given}: a class's representative (or 'start'), '=', black, white or draw")
        provers["" if move == "start" else move] = side
    reps = [""] + sorted(classes)  # "": the start itself
    if args.only is not None:
        unknown = [o for o in args.only if o != "start" and o not in classes]
        if unknown:
            raise Refused(2, f"not a class's representative: {', '.join(unknown)} (they are {', '.join(sorted(classes))})")
        reps = [o if o != "start" else "" for o in args.only]
    os.makedirs(args.out, exist_ok=True)
    table = os.path.join(args.out, "table.tsv")
    kept = read_table(table)

    from_start = {}  # rows the given start proof settles
    if args.start_proof:
        with open(args.start_proof, "rb") as f:
            proof = read_proof(f.read())  # plain or gzip
        check = verify_proof(proof)
        move = check["first_move"]
        rep = next(r for r, members in classes.items() if move in members)
        relative = os.path.relpath(args.start_proof, args.out)
        winner = check["claims"].split()[0]
        from_start[""] = ([], winner, check["moves"], relative)
        # The class of its first move: the proof (of the start) for `move`; its images are the proof mapped.
        images = {}
        for symmetry in names:
            images.setdefault(_map_move(move, symmetry, rules.board_size), symmetry)
        check_images(proof, images)
        from_start[move] = (sorted(set(classes[rep]) - {move}), winner, check["moves"], relative)
        kept = {k: v for k, v in kept.items() if k not in ("", rep) and k not in classes[rep]}
        kept.update(from_start)
        print(f"start and {rep}'s class ({move}): {winner} wins, from {args.start_proof}", flush=True)
        reps = [r for r in reps if r and r != rep]

    client = client_for(args)  # a local cluster or the scheduler's; Refused (3) if neither
    store = ResultStore(args.store, report=print)
    try:
        seeded, unsettled = seed_store(store, rules, args.out)
    except (ValueError, OSError) as e:  # a kept file damaged, or not of these rules
        raise Refused(2, str(e)) from None
    if seeded or unsettled:
        print(f"{seeded} settled lines and {unsettled} unsettled nodes from {os.path.join(args.out, 'partial')} put "
              "into the store", flush=True)

    def left_open(rep):
        """An unsettled class's row, its settled lines kept in OUT/partial/REP for a later run."""
        found = export_partial(store, rules, rep, args.out)
        print(f"{rep}: {found} settled lines kept in {partial_folder(args.out, rep)}", flush=True)
        prover = provers.get(rep, args.prover)
        for side in ("white", "black") if prover == "draw" else (prover,):
            tree = split_tree(store, rules, [rep], prover=side, depth=2, or_draws=prover == "draw")
            print("\n".join(tree.lines), flush=True)  # where it stands (python3 -m loa.cluster status says more)
        kept[rep] = (sorted(set(classes[rep]) - {rep}), open_value(store, rules, rep), found,
                     os.path.join("partial", rep))

    def settle(rep, priority):
        """The class of `rep` solved (its row), or None when it is left unsettled (kept in the store)."""
        t0 = time.time()
        line = [rep] if rep else []
        record = store.get(rules_space(rules), line)
        if record is None:  # one solve asking both questions first: a first move may lose
            answer = client.submit(solve_job, rules, line, args.time, args.memory, collect=args.collect,
                                   nodes=args.nodes, pure=False, priority=priority).result()
            record = job_record(answer)
            store.put(rules_space(rules), line, record, answer["proof"] if record["result"] != "unknown" else None)
            record["proof"] = answer["proof"]
        nodes = record.get("nodes", 0)  # a node split in an earlier run keeps no count of its own
        prover = provers.get(rep, args.prover)
        chosen = rep in provers  # a prover given for the class is the only claim its run tries
        refuted_sides = set()

        def split_solve(side, or_draws):
            """The run of the claim; None when it is not proven (then `run.dead` says whether refuted)."""
            nonlocal nodes
            run = SplitSolve(client, store, rules, line, side, args.time, args.memory, args.splits,
                                     args.engine_nodes, args.candidates, priority=priority, collect=args.collect,
                                     or_draws=or_draws, nodes=args.nodes, recheck=args.recheck)
            try:
                proven = run.run()
                nodes += run.nodes_searched
                return proven
            except NotProven as e:  # kept in the store: a later run goes on from there
                print(f"{rep or 'start'}: {run.claim} not proven ({e}); {run.solved} jobs, {run.from_store} from "
                      "the store", flush=True)
                if tuple(line) in run.dead and tuple(line) not in run.open:  # refuted, not merely given up
                    refuted_sides.add(side)
                return None

        while record["result"] == "unknown":
            if prover == "draw":  # each side's "wins or draws" (one may turn out to be a win)
                claims = []  # None for a claim not proven: the other still runs, its work kept for the next run
                for side in (("white", "black") if rep else ("black", "white")):
                    proven = split_solve(side, True)
                    if proven is not None and proven["result"] in ("win", "loss"):
                        claims = [proven]
                        break
                    claims.append(proven)
                if None in claims:
                    return None
                record = claims[0] if len(claims) == 1 else {
                    "result": "draw", "proof": "\n".join(c["proof"].rstrip("\n") + "\n" for c in claims)}
                continue
            proven = split_solve(prover, False)
            if proven is not None:
                record = proven
                continue
            if prover not in refuted_sides or chosen:
                return None
            # Refuted: the prover cannot win there, so the other side may. Both refuted: a draw, or nothing.
            other = other_side(prover)
            prover = "draw" if other in refuted_sides else other
            provers[rep] = prover
        proof, result = record["proof"], record["result"]
        mover = "white" if rep else "black"
        winner = {"win": mover, "loss": "white" if mover == "black" else "black", "draw": "draw"}[result]
        seconds = time.time() - t0
        check = verify_proof(proof)
        # The longest line the proof forces: its deepest move line (depth 1 is the reply to `rep`).
        longest = max(int(line.split()[0]) for line in proof.splitlines() if line[:1].isdigit())
        name = (rep or "start") + ".proof.gz"
        write_compact_proof(os.path.join(args.out, name), proof)
        images = classes.get(rep, {})
        check_images(proof, images)  # raises if a derived proof does not hold
        print(f"{rep or 'start'}: {winner} ({check['moves']:,} proof moves, {nodes:,} nodes, {seconds:.1f} s)",
              flush=True)
        return rep, sorted(set(images) - {rep}), winner, check["moves"], name, nodes, seconds, longest

    # Every class at once, the first given first: Dask runs a higher priority's jobs before a lower one's,
    # so the workers go to later classes only when the first cannot use them (its tree narrow there).
    rows = []
    if args.export_only:
        for rep in filter(None, reps):
            left_open(rep)
        reps = []
    if reps:
        with ThreadPoolExecutor(max_workers=len(reps)) as pool:
            rows = [row for row in pool.map(settle, reps, range(len(reps), 0, -1)) if row is not None]
    client.close()
    settled = {row[0] for row in rows}
    for rep in filter(None, reps):
        if rep not in settled:
            left_open(rep)
    for rep, images, winner, moves, name, _, _, _ in rows:
        kept[rep] = (images, winner, moves, name)
        shutil.rmtree(partial_folder(args.out, rep), ignore_errors=True)
    if os.path.isdir(os.path.join(args.out, "partial")) and not os.listdir(os.path.join(args.out, "partial")):
        os.rmdir(os.path.join(args.out, "partial"))
    write_table(table, kept)
    print("\n| first move (class) | value | proof moves | nodes | time | longest forced line (after it) |")
    print("|---|---|---|---|---|---|")
    for rep, images, winner, moves, _, nodes, seconds, longest in rows:
        value = "draw" if winner == "draw" else f"{winner} wins"
        name = f"{rep} ({', '.join(images) or '—'})" if rep else "the start"
        print(f"| {name} | {value} | {moves:,} | {nodes:,} | {seconds:.1f} s | {longest} plies |")
    return 0
