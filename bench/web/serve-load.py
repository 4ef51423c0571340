#!/usr/bin/env python3
"""Load on `loa serve`: many games at once over loopback (a script, not a test).

Starts `loa serve` on a free port, then runs GAMES clients at once for
SECONDS: each plays games against the engine as the page does (new game,
state, legal moves, a random move, an engine move at MOVETIME ms, a record
at the end, then the game deleted). Prints the errors (any failed request), the latency of the
requests that do not search (median, 99th percentile, worst) and of the
engine moves, and the server's memory (resident set) before and after.
With --slow N, N slow clients stay attached meanwhile (slowloris: a header
line a second, connecting again whenever the server closes them). With
--hostile, one client at 127.0.0.2 does all it may: new games as fast as it
can, games of a variant with no repetition draw played to the server's ply
bound and fetched whole, and analysis streams of the longest movetime held
open. Each player is a client of its own address (127.0.0.10, 127.0.0.11,
...), as visitors from different machines are.

usage: bench/web/serve-load.py [--loa build/bin/loa] [--games 50] [--seconds 60] [--movetime 10] [--slow 40]
                               [--hostile]
"""
import argparse
import http.client
import json
import random
import socket
import subprocess
import sys
import threading
import time


def rss_kib(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


class Client:
    def __init__(self, port, stats, lock, source="127.0.0.1"):
        self.port, self.stats, self.lock, self.source = port, stats, lock, source
        self.token = None  # the current game's

    def call(self, method, path, body=None, engine=False):
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.source, 0))
            headers = {"Content-Type": "application/json"}
            if self.token:
                headers["Authorization"] = f"Bearer {self.token}"
            conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            response = conn.getresponse()
            text = response.read()
            conn.close()
            ok = 200 <= response.status < 300
        except OSError as e:
            ok, text = False, str(e).encode()
        elapsed = time.perf_counter() - start
        with self.lock:
            self.stats["engine" if engine else "plain"].append(elapsed)
            if not ok:
                self.stats["errors"].append(f"{method} {path}: {text[:200]!r}")
        return json.loads(text) if ok and text.startswith(b"{") else None


def play(port, stats, lock, deadline, movetime, seed):
    rng = random.Random(seed)
    client = Client(port, stats, lock, f"127.0.0.{10 + seed}")
    while time.time() < deadline:
        game = client.call("POST", "/api/games", {"rules": rng.choice(["olympiad", "loaps", "six", "scrambled"])})
        if not game:
            continue
        gid, client.token = game["id"], game["token"]
        while time.time() < deadline and game and not game["over"]:
            client.call("GET", f"/api/games/{gid}")
            moves = client.call("GET", f"/api/games/{gid}/moves")
            if not moves or not moves["moves"]:
                break
            game = client.call("POST", f"/api/games/{gid}/play", {"move": rng.choice(moves["moves"])})
            if game and not game["over"]:
                reply = client.call("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": movetime}, engine=True)
                game = reply["state"] if reply else None
        if game:
            client.call("GET", f"/api/games/{gid}/record")
            with lock:
                stats["games"] += 1
        client.call("DELETE", f"/api/games/{gid}")  # as the page does: the server keeps games in use only


def slow_client(port, deadline, counts, lock):
    """Holds a connection with a header line a second; connects again when closed."""
    while time.time() < deadline:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(b"GET /api/rules HTTP/1.1\r\n")
            with lock:
                counts["connections"] += 1
            while time.time() < deadline:
                time.sleep(1)
                sock.sendall(b"X-Slow: 1\r\n")
        except OSError:
            with lock:
                counts["closed"] += 1
            time.sleep(0.2)


# Olympiad's rules with no repetition draw: a game has no end but the server's ply bound.
ENDLESS = "[endless : olympiad]\nrepetition = 0\n"


def hostile_client(port, deadline, counts, lock):
    """127.0.0.2 doing all it may at once: a flood of new games, endless games played to the ply bound and
    fetched whole, analysis streams of the longest movetime."""
    def flood():
        while time.time() < deadline:
            r = raw_call(port, "POST", "/api/games", {})
            with lock:
                counts[r] = counts.get(r, 0) + 1

    def endless():
        rng = random.Random(2)
        while time.time() < deadline:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=("127.0.0.2", 0))
            conn.request("POST", "/api/games", body=json.dumps({"variant": ENDLESS}))
            game = json.loads(conn.getresponse().read())
            if "token" not in game:
                time.sleep(0.1)
                continue
            headers = {"Authorization": f"Bearer {game['token']}"}
            while time.time() < deadline and game.get("legal_moves"):
                conn.request("POST", f"/api/games/{game['id']}/play",
                             body=json.dumps({"move": rng.choice(game["legal_moves"])}), headers=headers)
                game = json.loads(conn.getresponse().read())
            conn.request("GET", f"/api/games/{game.get('id', 'x')}/record", headers=headers)
            conn.getresponse().read()
            with lock:
                counts["endless games"] = counts.get("endless games", 0) + 1
            conn.close()

    def stream():
        while time.time() < deadline:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=("127.0.0.2", 0))
            conn.request("POST", "/api/games", body=b"{}")
            game = json.loads(conn.getresponse().read())
            if "token" not in game:
                time.sleep(0.1)
                continue
            conn.request("GET", f"/api/games/{game['id']}/analysis?movetime_ms=10000",
                         headers={"Authorization": f"Bearer {game['token']}"})
            response = conn.getresponse()
            with lock:
                counts[f"stream {response.status}"] = counts.get(f"stream {response.status}", 0) + 1
            response.read()
            conn.close()
            if response.status != 200:
                time.sleep(0.1)

    workers = [threading.Thread(target=flood), threading.Thread(target=endless)]
    workers += [threading.Thread(target=stream) for _ in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def raw_call(port, method, path, body):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=("127.0.0.2", 0))
    conn.request(method, path, body=json.dumps(body))
    status = conn.getresponse().status
    conn.close()
    return f"new game {status}"


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--movetime", type=int, default=10)
    parser.add_argument("--slow", type=int, default=0, help="slow clients attached meanwhile")
    parser.add_argument("--hostile", action="store_true", help="a hostile client at 127.0.0.2 meanwhile")
    args = parser.parse_args()

    server = subprocess.Popen([args.loa, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
    time.sleep(0.5)
    before = rss_kib(server.pid)
    stats = {"plain": [], "engine": [], "errors": [], "games": 0}
    lock = threading.Lock()
    deadline = time.time() + args.seconds
    slow = {"connections": 0, "closed": 0}
    threads = [threading.Thread(target=play, args=(port, stats, lock, deadline, args.movetime, i))
               for i in range(args.games)]
    threads += [threading.Thread(target=slow_client, args=(port, deadline, slow, lock)) for _ in range(args.slow)]
    hostile = {}
    if args.hostile:
        threads.append(threading.Thread(target=hostile_client, args=(port, deadline, hostile, lock)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    after, peak = rss_kib(server.pid), rss_kib(server.pid, "VmHWM")
    alive = server.poll() is None
    server.terminate()
    server.wait()

    ms = lambda s: f"{s * 1000:.1f} ms"
    plain, engine = stats["plain"], stats["engine"]
    print(f"{args.games} clients for {args.seconds:.0f} s, engine {args.movetime} ms a move: "
          f"{stats['games']} games finished, {len(plain) + len(engine)} requests")
    if args.slow:
        print(f"{args.slow} slow clients: {slow['connections']} connections, {slow['closed']} closed by the server")
    if args.hostile:
        print("hostile client (127.0.0.2): " + ", ".join(f"{k}: {v}" for k, v in sorted(hostile.items())))
    print(f"errors: {len(stats['errors'])}" + "".join(f"\n  {e}" for e in stats["errors"][:10]))
    print(f"requests that do not search ({len(plain)}): median {ms(percentile(plain, 50))}, "
          f"99th percentile {ms(percentile(plain, 99))}, worst {ms(max(plain, default=0))}")
    print(f"engine moves ({len(engine)}): median {ms(percentile(engine, 50))}, "
          f"99th percentile {ms(percentile(engine, 99))}")
    print(f"server memory (resident): {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after, "
          f"peak {peak / 1024:.1f} MiB; server {'still running' if alive else 'DIED'}")
    return 0 if alive and not stats["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
