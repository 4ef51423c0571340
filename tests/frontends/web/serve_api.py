#!/usr/bin/env python3
"""The JSON API of `loa serve` (docs/protocols.md, "loa serve"), end to end.

Starts `loa serve` on a free port with small limits and checks every route:
the page's files, new games from presets, variants, positions and records,
play, undo, legal moves, engine moves (plain and as Server-Sent Events), the
analysis stream, records out and in, and every kind of bad request: each
must get its 4xx status and a JSON {"error": ...} that names the problem,
and the server must answer normally afterwards.

usage: serve_api.py LOA
"""
import http.client
import json
import pathlib
import subprocess
import sys
import threading

from serve_process import ServeProcess

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}")


class Server(ServeProcess):
    def __init__(self, loa, *options):
        super().__init__(loa, *options)
        self.tokens = {}  # game id -> the token its 201 answer gave

    def request(self, method, path, body=None, headers=None, raw=None, auth=True):
        """(status, headers, text). body is JSON-encoded; raw is sent as it is. A request on a game this
        client made carries the game's token unless auth is False."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = dict(headers or {})
        parts = path.split("?")[0].split("/")
        if auth and len(parts) > 3 and parts[1:3] == ["api", "games"] and parts[3] in self.tokens:
            headers.setdefault("Authorization", f"Bearer {self.tokens[parts[3]]}")
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        conn.close()
        if response.status == 201 and path == "/api/games":
            answer = json.loads(text)
            self.tokens[answer["id"]] = answer["token"]
        return response.status, dict(response.getheaders()), text

    def json(self, method, path, body=None, expect=200, **kw):
        status, headers, text = self.request(method, path, body, **kw)
        check(status == expect, f"{method} {path} {body!r}: status {status}, expected {expect}: {text[:300]}")
        try:
            data = json.loads(text)
        except ValueError:
            check(False, f"{method} {path}: not JSON: {text[:200]!r}")
            return {}
        if expect >= 400:
            check(isinstance(data.get("error"), str) and data["error"], f"{method} {path}: no error message: {text}")
        return data



def events(text):
    """The (event, data) pairs of a text/event-stream body."""
    out = []
    for block in text.strip().split("\n\n"):
        name, data = "message", ""
        for line in block.split("\n"):
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data += line[6:]
        out.append((name, json.loads(data)))
    return out


def test_page(s):
    for path, kind in [("/", "text/html"), ("/index.html", "text/html"), ("/app.js", "text/javascript"),
                       ("/style.css", "text/css"), ("/favicon.svg", "image/svg+xml")]:
        status, headers, text = s.request("GET", path)
        check(status == 200 and headers.get("Content-Type", "").startswith(kind), f"GET {path}: {status} {headers}")
    status, _, text = s.request("GET", "/")
    check("<script src=\"app.js\">" in text, "GET /: not the page")
    # No path from a request reaches the file system.
    for path in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/../../etc/passwd", "/etc/passwd",
                 "/..%2f..%2fetc%2fpasswd", "/CMakeLists.txt", "/app.js/../../x"]:
        status, _, text = s.request("GET", path)
        check(status in (400, 404) and "root:" not in text, f"GET {path}: status {status}")


def test_games(s):
    rules = s.json("GET", "/api/rules")
    names = [r["name"] for r in rules.get("presets", [])]
    for name in ["olympiad", "loaps", "six", "five", "scrambled", "codingame"]:
        check(name in names, f"/api/rules lacks {name}")
    check({r["board_size"] for r in rules["presets"]} == {5, 6, 7, 8}, "/api/rules: not every board size")
    check(rules.get("max_movetime_ms") == 300, f"/api/rules: max_movetime_ms {rules.get('max_movetime_ms')}")

    g = s.json("POST", "/api/games", {}, expect=201)
    check(g["rules"]["name"] == "olympiad" and len(g["board"]) == 8 and g["to_move"] == "black", "default game")
    check(len(g["legal_moves"]) == 36 and g["moves"] == [] and g["result"] is None, "start state")
    gid = g["id"]
    # 128 bits from the OS's random source, not a seeded generator's 64 (issue 28).
    check(len(gid) == 32 and all(c in "0123456789abcdef" for c in gid), f"game id {gid!r}: not 32 hex digits")
    moves = s.json("GET", f"/api/games/{gid}/moves?from=b1")["moves"]
    check(moves == ["b1-b3", "b1-d3", "b1-h1"] or set(moves) == {"b1-b3", "b1-d3", "b1-h1"}, f"moves from b1: {moves}")
    s.json("GET", f"/api/games/{gid}/moves?from=z9", expect=400)

    # Liberal in what it reads, exact in what it writes.
    g = s.json("POST", f"/api/games/{gid}/play", {"move": " C1A3 "})
    check(g["moves"] == ["c1xa3"] and g["last_move"] == "c1xa3" and g["to_move"] == "white", f"play: {g['moves']}")
    s.json("POST", f"/api/games/{gid}/play", {"move": "b1-b9"}, expect=422)
    s.json("POST", f"/api/games/{gid}/play", {"move": "h2-h3x"}, expect=422)
    s.json("POST", f"/api/games/{gid}/play", {}, expect=400)
    s.json("POST", f"/api/games/{gid}/play", {"move": 7}, expect=400)
    s.json("POST", f"/api/games/{gid}/play", raw=b"\xff\xfe{\x00garbage", expect=400)
    s.json("POST", f"/api/games/{gid}/play", raw=b'{"move": "\xff\xfe"}', expect=400)
    s.json("POST", f"/api/games/{gid}/play", raw=b"[1, 2]", expect=400)
    s.json("POST", "/api/games/nosuchgame/play", {"move": "b1-b3"}, expect=404)
    s.json("GET", "/api/games/nosuchgame", expect=404)

    g = s.json("POST", f"/api/games/{gid}/undo", {})
    check(g["moves"] == [] and g["ply"] == 0, "undo")
    s.json("POST", f"/api/games/{gid}/undo", {}, expect=409)
    s.json("POST", f"/api/games/{gid}/undo", {"plies": 0}, expect=400)

    # Engine moves: plain JSON, the time capped, and as Server-Sent Events.
    before = s.json("GET", f"/api/games/{gid}")
    r = s.json("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": 999999})
    check(r.get("movetime_ms") == 300, f"engine time not capped: {r.get('movetime_ms')}")
    check(r.get("move") in before["legal_moves"] and r["state"]["moves"] == [r["move"]], f"engine move {r.get('move')}")
    check(r["search"]["depth"] >= 1 and r["search"]["pv"][0] == r["move"], f"search: {r.get('search')}")
    s.json("POST", f"/api/games/{gid}/undo", {})
    r = s.json("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": 99999999999})
    check(r.get("movetime_ms") == 300, f"a time past 2**31 is not capped: {r.get('movetime_ms')}")
    s.json("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": 0}, expect=400)
    s.json("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": "fast"}, expect=400)
    s.json("POST", f"/api/games/{gid}/engine-move", {"depth": 99}, expect=400)
    # The evaluation: the network by default, the hand-written one on request, and nothing else. At depth 1
    # from the start the score is the best of the children's evaluations (the root is searched with the full
    # window and the leaves evaluate without the table), so it is the same on every run and tells the two
    # evaluations apart: at depth 3 from a position reached by timed moves they could tie (seen once).
    start = s.json("POST", "/api/games", {}, expect=201)
    scores = {}
    for choice in ("net", "classic", "net"):
        r = s.json("POST", f"/api/games/{start['id']}/engine-move", {"depth": 1, "eval": choice})
        check(r.get("eval") == choice, f"engine move with eval {choice}: {r.get('eval')}")
        check(scores.setdefault(choice, r["search"]["score"]) == r["search"]["score"],
              f"depth 1 with eval {choice} from the start scored {r['search']['score']}, then {scores[choice]}")
        s.json("POST", f"/api/games/{start['id']}/undo", {})
    check(scores["net"] != scores["classic"], f"the same score with either evaluation: {scores}")
    check(s.json("POST", f"/api/games/{gid}/engine-move", {"depth": 1})["eval"] == "net", "the default is not net")
    s.json("POST", f"/api/games/{gid}/undo", {})
    s.json("POST", f"/api/games/{gid}/engine-move", {"depth": 1, "eval": "tuned"}, expect=400)
    status, _, text = s.request("GET", f"/api/games/{gid}/analysis?depth=1&eval=tuned")
    check(status == 400 and "eval" in text, f"analysis with eval=tuned: {status} {text[:100]}")
    status, headers, text = s.request("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": 100},
                                      headers={"Accept": "text/event-stream"})
    check(status == 200 and headers.get("Content-Type", "").startswith("text/event-stream"), f"stream: {status}")
    ev = events(text)
    check(len(ev) >= 2 and all(n == "info" for n, _ in ev[:-1]) and ev[-1][0] == "done", f"stream events {ev[:3]}")
    check(ev[-1][1]["state"]["moves"][-1] == ev[-1][1]["move"] and len(ev[-1][1]["state"]["moves"]) == 2,
          "stream: the move was not played")
    # The analysis stream searches without playing.
    status, headers, text = s.request("GET", f"/api/games/{gid}/analysis?movetime_ms=80")
    ev = events(text)
    check(status == 200 and ev[-1][0] == "done" and "move" not in ev[-1][1], f"analysis: {status} {ev[-1:]}")
    check(len(s.json("GET", f"/api/games/{gid}")["moves"]) == 2, "analysis played a move")
    s.json("GET", f"/api/games/{gid}/analysis?movetime_ms=abc", expect=400)

    # Two searches of one game at once: the second is refused.
    results = []
    threads = [threading.Thread(target=lambda: results.append(
        s.request("POST", f"/api/games/{gid}/engine-move", {"movetime_ms": 250})[0])) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(sorted(results) == [200, 409], f"two searches of one game: {results}")

    # A record out, and back in as a new game.
    status, headers, record = s.request("GET", f"/api/games/{gid}/record?black=Ann%20%22A%22&white=engine")
    check(status == 200 and '[Black "Ann \\"A\\""]' in record and "attachment" in headers.get(
        "Content-Disposition", ""), f"record: {status} {record[:200]}")
    moves_now = s.json("GET", f"/api/games/{gid}")["moves"]
    g2 = s.json("POST", "/api/games", {"record": record}, expect=201)
    check(g2["moves"] == moves_now, "the record read back has other moves")
    s.json("POST", "/api/games", {"record": "1. b1-b9 *"}, expect=422)
    s.json("POST", "/api/games", {"record": ""}, expect=422)
    s.json("GET", f"/api/games/{gid}/record?black=" + "x" * 300, expect=400)
    return gid


def test_setups(s):
    s.json("POST", "/api/games", {"rules": "chess"}, expect=422)
    s.json("POST", "/api/games", {"rules": "/etc/passwd"}, expect=422)
    s.json("POST", "/api/games", {"rules": 5}, expect=400)
    # An unknown field is refused, not ignored (issue 28: {"rule": "six"} started an olympiad game).
    e = s.json("POST", "/api/games", {"rule": "six"}, expect=400)
    check("unknown field 'rule'" in e.get("error", ""), f"unknown field: {e}")
    s.json("POST", "/api/games", raw=b"{bad json", expect=400)
    g = s.json("POST", "/api/games", {"variant": "[tight : six]\nno_move = lose\n"}, expect=201)
    check(g["rules"]["name"] == "tight" and g["rules"]["board_size"] == 6 and len(g["board"]) == 6, "variant game")
    bad = s.json("POST", "/api/games", {"variant": "[x : six]\nsize = 9\n"}, expect=422)
    check("line 2" in bad.get("error", ""), f"a bad variant's error names no line: {bad}")
    g = s.json("POST", "/api/games", {"rules": "loaps", "moves": "b1-b3 a2-c2"}, expect=201)
    check(g["moves"] == ["b1-b3", "a2-c2"] and g["rules"]["bonus"], f"loaps with moves: {g.get('moves')}")
    s.json("POST", "/api/games", {"rules": "loaps", "moves": ["b1-b3", "b1-b3"]}, expect=422)
    s.json("POST", "/api/games", {"moves": {"a": 1}}, expect=400)
    g = s.json("POST", "/api/games", {"rules": "kattis", "position": "7/5w1/7/6w/1b5/7/b6 b"}, expect=422)
    g = s.json("POST", "/api/games", {"rules": "loaps", "position": "7/5w1/7/6w/1b5/7/b6 b"}, expect=201)
    check(g["board"][1] == ".....w." and "b3-b2" in g["legal_moves"], f"position: {g.get('board')}")
    s.json("POST", "/api/games", {"position": "nonsense"}, expect=422)
    # A game to its end, then every move refused.
    g = s.json("POST", "/api/games", {"rules": "loaps", "position": "7/5w1/7/6w/1b5/7/b6 b"}, expect=201)
    r = s.json("POST", f"/api/games/{g['id']}/play", {"move": "b3-b2"})
    check(r["over"] and r["result"]["winner"] == "black" and r["result"]["reason"] == "connection", f"end: {r}")
    s.json("POST", f"/api/games/{g['id']}/play", {"move": "b2-b3"}, expect=409)
    s.json("POST", f"/api/games/{g['id']}/engine-move", {}, expect=409)
    check(s.json("POST", f"/api/games/{g['id']}/undo", {})["over"] is False, "undo after the end")


def test_origin_host_and_headers(s, loa):
    """Other web pages and other names are refused (issue 28, point 3); a Content-Length that is not a number too."""
    own = f"http://127.0.0.1:{s.port}"
    status, _, text = s.request("POST", "/api/games", raw=b'{"rules": "six"}',
                                headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
    check(status == 403 and "evil.example" in text, f"a cross-origin POST: status {status}, {text[:200]}")
    status, _, text = s.request("GET", "/api/rules", headers={"Host": f"evil.example:{s.port}"})
    check(status == 403 and "Host" in text, f"a foreign Host (DNS rebinding): status {status}, {text[:200]}")
    for origin in (own, f"http://localhost:{s.port}"):
        status, _, text = s.request("POST", "/api/games", body={"rules": "six"}, headers={"Origin": origin})
        check(status == 201, f"the server's own page ({origin}): status {status}, {text[:200]}")
    status, _, text = s.request("GET", "/api/rules", headers={"Host": f"localhost:{s.port}"})
    check(status == 200, f"Host localhost: status {status}")
    status, _, text = s.request("POST", "/api/games", raw=b"{}", headers={"Content-Length": "abc"})
    check(status == 400 and "Content-Length" in text, f"Content-Length: abc: status {status}, {text[:200]}")
    # A chunked body is refused before it is read (issue 28, point 1: --max-body did not apply to one; a
    # 300 MiB chunked body was taken whole): ten MiB in chunks, against a 4 KiB limit, gets 411 at once.
    import socket
    import time
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
    head = (f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode()
    start = time.monotonic()
    answer = b""
    try:
        sock.sendall(head + b'10\r\n{"rules":"six", \r\n')
        chunk = b"100000\r\n" + b"a" * 0x100000 + b"\r\n"
        for _ in range(10):
            sock.sendall(chunk)
    except OSError:
        pass  # the server may close the connection once it has answered
    try:
        answer = sock.recv(4096)
    except OSError:
        pass
    sock.close()
    check(answer.startswith(b"HTTP/1.1 411") and time.monotonic() - start < 20,
          f"a chunked body: {answer[:100]!r} after {time.monotonic() - start:.1f} s")
    # A documented flag lets a page served elsewhere in.
    other = Server(loa, "--allow-origin", "http://127.0.0.1:9999", "--engines", "1", "--hash", "4")
    try:
        status, _, _ = other.request("POST", "/api/games", body={}, headers={"Origin": "http://127.0.0.1:9999"})
        check(status == 201, f"--allow-origin: status {status}")
    finally:
        check(other.stop(), "loa serve --allow-origin exited during the test")
    usage = subprocess.run([loa, "serve", "--help"], capture_output=True, text=True, timeout=30).stdout
    for option in ("--hash", "--max-body", "--allow-origin", "--allow-host"):
        check(option in usage.split("\n")[0], f"loa serve --help: the usage line lacks {option}")


def test_proofs(loa):
    """--proofs: every engine plays the proof's wins without searching; a bad file stops the server at start."""
    proof = str(pathlib.Path(__file__).resolve().parents[2] / "data" / "six" / "e6e4-f5d5-d1d4-f4d2.proof.gz")
    s = Server(loa, "--proofs", proof, "--engines", "2", "--hash", "4")
    try:
        line = s.next_line()
        check("proven wins" in line and "positions" in line, f"--proofs: the server did not say so: {line!r}")
        g = s.json("POST", "/api/games", {"rules": "six", "moves": "e6-e4 f5-d5 d1-d4 f4-d2"}, expect=201)
        for _ in range(3):  # black's proven moves, against whatever the engine answers for white
            r = s.json("POST", f"/api/games/{g['id']}/engine-move", {"movetime_ms": 200})
            search = r.get("search", {})
            check(search.get("nodes") == 0 and search.get("score_text", "").startswith("win in"),
                  f"--proofs: black's move was searched: {search}")
            if r["state"]["over"]:
                break
            r = s.json("POST", f"/api/games/{g['id']}/engine-move", {"movetime_ms": 20})
            check(r["search"]["nodes"] > 0, f"--proofs: white, with no proof to play, did not search: {r['search']}")
            if r["state"]["over"]:
                break
        # Outside the proof the engines search as always.
        other = s.json("POST", "/api/games", {"rules": "six"}, expect=201)
        r = s.json("POST", f"/api/games/{other['id']}/engine-move", {"movetime_ms": 20})
        check(r["search"]["nodes"] > 0, "--proofs: a position outside the proof was not searched")
    finally:
        check(s.stop(), "loa serve --proofs exited during the test")
    bad = subprocess.run([loa, "serve", "--port", "0", "--proofs", "/nonexistent.proof"], capture_output=True,
                         text=True, timeout=30)
    check(bad.returncode == 2 and "cannot read the proof /nonexistent.proof" in bad.stderr,
          f"serve with a missing proof: exit {bad.returncode}, {bad.stderr!r}")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    s = Server(sys.argv[1], "--max-games", "3", "--keep-idle", "0", "--max-movetime", "300", "--max-body", "4096",
               "--engines", "1", "--hash", "4")
    try:
        test_page(s)
        first = test_games(s)
        test_setups(s)
        test_origin_host_and_headers(s, sys.argv[1])
        # The body limit, and the bounded store: the oldest idle game is gone.
        s.json("POST", "/api/games", raw=b'{"record": "' + b"x" * 5000 + b'"}', expect=413)
        s.json("GET", f"/api/games/{first}", expect=404)
        ids = [s.json("POST", "/api/games", {}, expect=201)["id"] for _ in range(4)]
        s.json("GET", f"/api/games/{ids[0]}", expect=404)
        s.json("GET", f"/api/games/{ids[3]}")
        s.json("DELETE", f"/api/games/{ids[3]}")
        s.json("DELETE", f"/api/games/{ids[3]}", expect=404)
        s.json("GET", "/api/nothing", expect=404)
        s.json("PUT", "/api/games", {}, expect=405)
        check(s.json("GET", "/api/rules").get("presets"), "the server stopped answering")
    finally:
        alive = s.stop()
    check(alive, "loa serve exited during the test")
    test_proofs(sys.argv[1])
    if failures:
        print(f"serve_api: {len(failures)} failures")
        return 1
    print("serve_api: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
