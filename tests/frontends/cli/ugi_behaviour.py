#!/usr/bin/env python3
"""The UGI behaviours a transcript cannot see, each checked directly:

1. `go infinite` answers `bestmove` only after `stop`, even when it has
   proven the result at once;
2. `isready` and `query` are answered while a search runs;
3. a bad `position` leaves the previous position in place;
4. with `Threads` above one, `stop` still ends `go infinite` at once and a
   depth-limited search still answers (the ThreadSanitizer build runs these
   checks too: tests/tsan.sh);
5. `Move Overhead` is kept back from a timed move: on a 5 s clock with all
   but 10 ms of it kept back, the search ends shallower than with the
   default; a value out of range is an error.

    ugi_behaviour.py LOA            checks `LOA ugi`
    ugi_behaviour.py --self-test LOA
        also runs the checks against three proxies of `LOA ugi`, each breaking
        one behaviour, and fails unless every proxy is caught
    ugi_behaviour.py --proxy KIND LOA   (internal) one such proxy
"""
import queue
import subprocess
import sys
import threading
import time


class Engine:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, predicate, seconds, what):
        """Lines until one satisfies predicate; fails on EOF or time out."""
        seen = []
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise AssertionError(f"no {what} within {seconds} s; saw {seen[-5:]}")
            if line is None:
                raise AssertionError(f"the engine closed its output waiting for {what}; saw {seen[-5:]}")
            seen.append(line)
            if predicate(line):
                return line, seen

    def quiet_for(self, seconds, forbidden):
        """Reads for `seconds`; fails if a line starting with `forbidden` comes."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return
            if line is None:
                raise AssertionError("the engine closed its output")
            if line.startswith(forbidden):
                raise AssertionError(f"'{line}' came before stop")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def handshake(e):
    e.send("ugi")
    e.expect(lambda l: l == "ugiok", 10, "ugiok")


def check_infinite_waits_for_stop(e):
    e.send("setoption name Rules value loaps")
    e.send("position fen 7/5w1/7/6w/1b5/7/b6 b 0 0 0")  # b3-b2 wins at once
    e.send("go infinite")
    e.expect(lambda l: "score mate 1" in l, 5, "the proven win reported")
    e.quiet_for(1.0, "bestmove")
    # While it searches: isready and queries are answered at once.
    e.send("isready")
    e.expect(lambda l: l == "readyok", 2, "readyok while searching")
    e.send("query p1turn")
    line, _ = e.expect(lambda l: l.startswith("response"), 2, "a response while searching")
    assert line == "response true", line
    e.send("query gameover")
    line, _ = e.expect(lambda l: l.startswith("response"), 2, "a response while searching")
    assert line == "response false", line
    e.quiet_for(0.3, "bestmove")
    e.send("stop")
    line, _ = e.expect(lambda l: l.startswith("bestmove"), 5, "bestmove after stop")
    assert line in ("bestmove b3b2", "bestmove a1a2"), line


def check_ready_during_a_long_search(e):
    e.send("setoption name Rules value olympiad")
    e.send("position startpos")
    e.send("go depth 60")
    time.sleep(0.2)
    e.send("isready")
    _, seen = e.expect(lambda l: l == "readyok", 2, "readyok during go depth 60")
    assert not any(l.startswith("bestmove") for l in seen), "bestmove came before readyok"
    e.send("stop")
    e.expect(lambda l: l.startswith("bestmove"), 5, "bestmove after stop")


def check_bad_position_keeps_the_last(e):
    e.send("setoption name Rules value loaps")
    e.send("position startpos moves b1-b3")
    for bad in ("position startpos moves b1b3 a2b9", "position fen nonsense", "position startpos moves b1b4"):
        e.send(bad)
        e.expect(lambda l: l.startswith("info string error"), 2, f"an error for '{bad}'")
        e.send("query p1turn")
        line, _ = e.expect(lambda l: l.startswith("response"), 2, "a response")
        assert line == "response false", f"after '{bad}' the position is not the one after b1-b3: {line}"
    e.send("go depth 2")
    line, _ = e.expect(lambda l: l.startswith("bestmove"), 10, "bestmove")
    # White's men stand on files a and g; a move for black would start elsewhere.
    assert line.split()[1][0] in "ag", f"{line} is not White's move after b1-b3"


def check_threads(e):
    e.send("setoption name Threads value 0")
    e.expect(lambda l: l.startswith("info string error"), 2, "an error for Threads 0")
    e.send("setoption name Threads value 2")
    e.send("setoption name Rules value olympiad")
    e.send("position startpos moves b1-d3")
    e.send("go infinite")
    e.quiet_for(0.5, "bestmove")
    e.send("stop")
    line, _ = e.expect(lambda l: l.startswith("bestmove"), 5, "bestmove after stop with two threads")
    # White's men stand on files a and h.
    assert line.split()[1][0] in "ah", f"{line} is not White's move after b1-d3"
    e.send("go depth 6")
    e.expect(lambda l: l.startswith("bestmove"), 30, "bestmove of go depth 6 with two threads")


def deepest_on_the_clock(e, overhead):
    """The deepest `info depth` of a search on a 5 s clock with Move Overhead `overhead`."""
    e.send(f"setoption name Move Overhead value {overhead}")
    e.send("uginewgame")
    e.send("position startpos moves b1-d3")
    e.send("go p1time 5000 p2time 5000")
    _, seen = e.expect(lambda l: l.startswith("bestmove"), 30, "bestmove on a 5 s clock")
    assert not any("error" in l for l in seen), f"an error: {seen}"
    depths = [int(l.split()[2]) for l in seen if l.startswith("info depth ")]
    assert depths, f"no info depth line before bestmove: {seen[-3:]}"
    return max(depths)


def check_move_overhead(e):
    for bad in ("-1", "5001", "ten"):
        e.send(f"setoption name Move Overhead value {bad}")
        e.expect(lambda l: l.startswith("info string error"), 2, f"an error for Move Overhead {bad}")
    # 4,990 of 5,000 ms kept back leaves a budget of 1 ms, about 1,000 nodes:
    # whatever the machine's speed, less deep than the default's 138 ms (each
    # search from a cleared table).
    kept_back = deepest_on_the_clock(e, 4990)
    default = deepest_on_the_clock(e, 10)
    assert kept_back < default, f"depth {kept_back} with 4,990 ms kept back, {default} with 10"


CHECKS = [check_infinite_waits_for_stop, check_ready_during_a_long_search, check_bad_position_keeps_the_last, check_threads,
          check_move_overhead]


def run_checks(argv):
    failures = []
    for check in CHECKS:
        e = Engine(argv)
        try:
            handshake(e)
            check(e)
        except AssertionError as err:
            failures.append(f"{check.__name__}: {err}")
        finally:
            e.close()
    return failures


def proxy(kind, loa):
    """`loa ugi` with one behaviour broken:
    early   - answers bestmove as soon as a mate score appears in go infinite
    ready   - holds isready and query until the search has answered bestmove
    forget  - after an error about a position, resets to the start position"""
    engine = subprocess.Popen([loa, "ugi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lock = threading.Lock()
    state = {"searching": False, "held": [], "infinite": False, "sent_best": False}

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def pump():
        for line in engine.stdout:
            line = line.rstrip("\n")
            with lock:
                if line.startswith("bestmove"):
                    state["searching"] = False
                    if state["sent_best"]:
                        state["sent_best"] = False
                        continue
                    out(line)
                    for held in state["held"]:
                        engine.stdin.write(held + "\n")
                    engine.stdin.flush()
                    state["held"] = []
                    continue
                out(line)
                if kind == "early" and state["infinite"] and "score mate" in line and not state["sent_best"]:
                    out("bestmove " + line.split(" pv ")[1].split()[0])
                    state["sent_best"] = True
                if kind == "forget" and line.startswith("info string error: bad"):
                    engine.stdin.write("position startpos\n")
                    engine.stdin.flush()
        sys.stdout.flush()

    threading.Thread(target=pump, daemon=True).start()
    for line in sys.stdin:
        line = line.rstrip("\n")
        with lock:
            if kind == "ready" and state["searching"] and (line == "isready" or line.startswith("query")):
                state["held"].append(line)
                continue
            if line.startswith("go"):
                state["searching"] = True
                state["infinite"] = "infinite" in line
            engine.stdin.write(line + "\n")
            engine.stdin.flush()
        if line == "quit":
            break
    engine.wait(timeout=5)


def main():
    if sys.argv[1] == "--proxy":
        proxy(sys.argv[2], sys.argv[3])
        return
    self_test = sys.argv[1] == "--self-test"
    loa = sys.argv[2] if self_test else sys.argv[1]
    failures = run_checks([loa, "ugi"])
    if failures:
        print("ugi_behaviour.py: loa ugi fails:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print(f"ugi_behaviour.py: {len(CHECKS)} behaviours hold")
    if self_test:
        for kind in ("early", "ready", "forget"):
            caught = run_checks([sys.executable, __file__, "--proxy", kind, loa])
            if not caught:
                print(f"ugi_behaviour.py: the '{kind}' proxy breaks a behaviour and no check caught it")
                sys.exit(1)
            print(f"ugi_behaviour.py: the '{kind}' proxy is caught: {caught[0]}")


if __name__ == "__main__":
    main()
