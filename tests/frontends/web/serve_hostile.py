#!/usr/bin/env python3
"""`loa serve` against hostile clients (issue 28): every attack here stalled, crashed or fooled the server
that came before the poll()-based one, and each must now get its clear answer while everyone else is served.

  slow clients     32 sockets sending a header line a second (slowloris): others are answered at once, and the
                   slow ones get 408 when --request-timeout runs out
  long searches    40 analysis streams of 10 s each from 40 clients: the engines' queue takes what it can, the
                   rest get 503 at once, other requests are answered meanwhile; abandoned, the streams free
                   the engine at once
  a client gone    an engine move whose client disconnects plays nothing
  other clients    a game answers only its maker's token; a client (127.0.0.2) that floods new games replaces
                   its own, and another client's game stays and a third client still gets one
  fair engines     one client holding 40 analysis streams gets its share (429 beyond), and another client's
                   engine move is played meanwhile
  sizes            a game is bounded in plies (--max-plies): a longer new game is 422, a move past it 409
  HTTP details     a 405 says Allow; every answer forbids framing; an HTTP/1.1 request without Host is 400;
                   a record's names must be UTF-8
  forged tokens    a token with any one character changed, the game's id (which every URL carries), a token cut
                   short or lengthened: each 403, and nothing played
  stale search     a move played while an engine move searches: the search's answer is 409, and not played
  malformed        request lines, headers, escapes, sizes, versions: each a 4xx/5xx with a JSON error
  connections      more sockets than --max-connections: idle ones give way to a new client, and no more than
                   --max-connections stay open
  idle and deaf    a kept-alive connection left idle is closed after --idle-timeout; a client that pipelines
                   3,000 requests and reads nothing is dropped after --write-timeout, not served all of it
  queries          a value keeps every '=' after the first

usage: serve_hostile.py LOA
"""
import http.client
import json
import socket
import sys
import threading
import time

from serve_process import ServeProcess

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}")
    return condition


class Server(ServeProcess):
    def request(self, method, path, body=None, token=None, timeout=30, headers=None, source="127.0.0.1"):
        """(status, parsed JSON or text) from a client at address `source`; raises on a timeout."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=(source, 0))
        h = dict(headers or {})
        if token:
            h["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=json.dumps(body).encode() if body is not None else None, headers=h)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        conn.close()
        try:
            return response.status, json.loads(text)
        except ValueError:
            return response.status, text

    def game(self, rules="olympiad", source="127.0.0.1"):
        status, g = self.request("POST", "/api/games", {"rules": rules}, source=source)
        if not check(status == 201, f"new game: {status} {g}"):
            raise SystemExit(1)
        return g["id"], g["token"]

    def raw(self, data, timeout=10, answers=1, host=True):
        """Sends bytes on a fresh socket (with this server's Host after the first line, unless `host` is
        False or the bytes name one); what comes back until `answers` whole responses (by their
        Content-Length) are in, or the server closes."""
        if host and b"\nHost:" not in data and b"\r\n" in data:
            line, rest = data.split(b"\r\n", 1)
            data = line + f"\r\nHost: 127.0.0.1:{self.port}\r\n".encode() + rest
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        answer = b""
        try:
            sock.sendall(data)
            while whole_responses(answer) < answers:
                part = sock.recv(65536)
                if not part:
                    break
                answer += part
        except OSError:
            pass
        finally:
            sock.close()
        return answer

    def answered(self, what):
        """A quick request must be answered within 5 s (the old server held it for as long as the attack)."""
        start = time.monotonic()
        try:
            status, _ = self.request("GET", "/api/rules", timeout=5)
        except OSError as e:
            status = repr(e)
        check(status == 200, f"{what}: GET /api/rules got {status} after {time.monotonic() - start:.1f} s")



def whole_responses(data):
    count = 0
    while b"\r\n\r\n" in data:
        head, rest = data.split(b"\r\n\r\n", 1)
        length = 0
        for line in head.split(b"\r\n")[1:]:
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        if len(rest) < length:
            break
        data = rest[length:]
        count += 1
    return count


def test_slow_clients(s):
    socks = []
    for _ in range(32):
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
        sock.sendall(b"GET /api/rules HTTP/1.1\r\n")
        socks.append(sock)
    for second in range(3):
        for i, sock in enumerate(socks):
            sock.sendall(f"X-Slow-{second}: {i}\r\n".encode())
        s.answered(f"32 slowloris sockets, second {second}")
        id_, token = s.game("six")
        status, _ = s.request("POST", f"/api/games/{id_}/play", {"move": "b1-b3"}, token=token, timeout=5)
        check(status == 200, f"a move during slowloris: {status}")
        time.sleep(1)
    # --request-timeout 2000: by now every slow request is refused and closed.
    refused = 0
    for sock in socks:
        sock.settimeout(5)
        try:
            answer = sock.recv(4096)
        except OSError:
            answer = b""
        refused += answer.startswith(b"HTTP/1.1 408")
        sock.close()
    check(refused == 32, f"slow clients: {refused} of 32 got 408 after the request timeout")


def receive_until(sock, marker, seen=b""):
    """What a socket gives until `marker` is in it, or the server closes (from `seen`, read before)."""
    while marker not in seen:
        part = sock.recv(4096)
        if not part:
            break
        seen += part
    return seen


def stream_open(s, path, token, source="127.0.0.1"):
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=30, source_address=(source, 0))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nAuthorization: Bearer {token}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    # What came with the head (the stream's first events) is kept: a wait for an event starts from it.
    head = receive_until(sock, b"\r\n\r\n")
    return sock, int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else 0, head


def test_long_searches(s):
    # --engines 1 --queue 4: one search runs, four wait, the rest are refused at once. The first search is
    # seen running (its first info event) before the others come: until the engine thread takes it, it
    # holds a place in the queue, and a loaded machine (the sanitizer build in CI) can delay that. Forty
    # clients (127.0.0.10 ...), each within its share: the queue's bound is what refuses.
    games = [(*s.game(source=f"127.0.0.{10 + i}"), f"127.0.0.{10 + i}") for i in range(40)]
    first = stream_open(s, f"/api/games/{games[0][0]}/analysis?movetime_ms=10000", games[0][1], games[0][2])
    check(first[1] == 200 and b"event: info" in receive_until(first[0], b"event: info", first[2]),
          f"the first long analysis: {first[1]}, no info event")
    streams = [first]
    for id_, token, source in games[1:]:
        streams.append(stream_open(s, f"/api/games/{id_}/analysis?movetime_ms=10000", token, source))
    statuses = sorted(status for _, status, _ in streams)
    check(statuses.count(200) == 5 and statuses.count(503) == 35,
          f"40 long analyses on 1 engine and a queue of 4: statuses {statuses}")
    s.answered("40 long analyses")
    # Abandoned: the running search stops at once and the waiting ones never run.
    for sock, _, _ in streams:
        sock.close()
    id_, token = s.game()
    start = time.monotonic()
    status, r = s.request("POST", f"/api/games/{id_}/engine-move", {"movetime_ms": 100}, token=token, timeout=15)
    check(status == 200 and "move" in r, f"an engine move after 40 abandoned streams: {status} "
                                         f"after {time.monotonic() - start:.1f} s")


def test_client_gone(s):
    id_, token = s.game()
    # An engine move of 5 s whose client disconnects after the first info: nothing is played.
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
    body = b'{"movetime_ms": 5000, "stream": true}'
    sock.sendall(f"POST /api/games/{id_}/engine-move HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n"
                 f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    seen = receive_until(sock, b"event: info")
    check(b"event: info" in seen, f"engine move stream: no info event: {seen[:200]!r}")
    sock.close()
    # The game is free again once the cut-short search has ended: then no move must have been played.
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        status, r = s.request("POST", f"/api/games/{id_}/engine-move", {"depth": 1}, token=token)
        if status != 409:
            break
        time.sleep(0.1)
    check(status == 200 and r["state"]["moves"] == [r["move"]],
          f"a disconnected client's engine move was played: {status} {r if status != 200 else r['state']['moves']}")


def test_other_clients(s):
    id_, token = s.game()
    status, r = s.request("GET", f"/api/games/{id_}")
    check(status == 401, f"a game without its token: {status} {r}")
    other_id, other_token = s.game()
    for method, path, body in [("GET", "", None), ("POST", "/play", {"move": "b1-b3"}), ("DELETE", "", None),
                               ("POST", "/engine-move", {"depth": 1}), ("GET", "/record", None)]:
        status, r = s.request(method, f"/api/games/{id_}{path}", body, token=other_token)
        check(status == 403, f"{method} {path} on another client's game: {status} {r}")
    status, r = s.request("GET", f"/api/games/{id_}?token={token}")
    check(status == 200 and r["moves"] == [], f"the maker, token in the query: {status}")
    # --max-games 50 --games-per-client 16 --keep-idle 600: a client flooding new games (from 127.0.0.2)
    # replaces its own oldest, never another client's; the store keeps room for others.
    flood = [s.request("POST", "/api/games", {}, source="127.0.0.2") for _ in range(80)]
    statuses = sorted({status for status, _ in flood})
    check(statuses == [201], f"a flood of new games: statuses {statuses}")
    status, r = s.request("GET", f"/api/games/{flood[0][1]['id']}", token=flood[0][1]["token"], source="127.0.0.2")
    check(status == 404, f"the flood's first game outlived 64 more of the same client's: {status} {r}")
    status, r = s.request("GET", f"/api/games/{flood[-1][1]['id']}", token=flood[-1][1]["token"], source="127.0.0.2")
    check(status == 200, f"the flood's last game: {status} {r}")
    status, r = s.request("GET", f"/api/games/{id_}", token=token)
    check(status == 200, f"a game in use was pushed out by another client's flood: {status} {r}")
    status, r = s.request("POST", "/api/games", {}, source="127.0.0.3")
    check(status == 201, f"a third client's new game after the flood: {status} {r}")


def test_malformed(s):
    cases = [
        (b"GARBAGE\r\n\r\n", 400), (b"GET /api/rules HTTP/2.0\r\n\r\n", 505),
        (b"GET http://evil.example/ HTTP/1.1\r\n\r\n", 400), (b"GET /api/%zz HTTP/1.1\r\n\r\n", 400),
        (b"GET /api/ru%00les HTTP/1.1\r\n\r\n", 400), (b"GET /api/rules HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
        (b"GET /api/rules HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
        (b"GET /api/rules HTTP/1.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n", 431),
        (b"GET /api/rules HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n", 431),
        (b"POST /api/games HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", 413),
        (b"POST /api/games HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}", 400),
        (b"POST /api/games HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        (b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 411),
        (b"POST /api/games HTTP/1.1\r\n\r\n{}", 411),
        (b"POST /api/games HTTP/1.1\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}", 417),
        (b"BREW /api/rules HTTP/1.1\r\n\r\n", 405), (b"GET /api/games/x/y/z HTTP/1.1\r\n\r\n", 404),
        (b"\xff\xfe\x00\x01 / HTTP/1.1\r\n\r\n", 400),
    ]
    for data, want in cases:
        answer = s.raw(data)
        status = int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/1.1 ") else 0
        body = answer.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in answer else b""
        ok = status == want
        try:
            ok = ok and json.loads(body).get("error")
        except ValueError:
            ok = False
        check(ok, f"{data[:60]!r}: {answer[:160]!r}, expected {want} with a JSON error")
    s.answered("after the malformed requests")
    # HEAD of a stream is refused (its body would follow the head); HEAD of the rules has none.
    id_, token = s.game()
    answer = s.raw(f"HEAD /api/games/{id_}/analysis?movetime_ms=50 HTTP/1.1\r\nAuthorization: Bearer {token}\r\n"
                   "Connection: close\r\n\r\n".encode())
    check(answer.startswith(b"HTTP/1.1 405") and b"\r\nAllow: GET\r\n" in answer,
          f"HEAD of an analysis: {answer[:200]!r}")
    answer = s.raw(b"HEAD /api/rules HTTP/1.1\r\nConnection: close\r\n\r\n")
    check(answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"\r\n\r\n"), f"HEAD /api/rules: {answer[:200]!r}")
    # Two requests in one write (pipelining): both answered, in order.
    answer = s.raw(f"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n\r\nGET /nothing HTTP/1.1\r\n"
                   f"Host: 127.0.0.1:{s.port}\r\nConnection: close\r\n\r\n".encode(), answers=2)
    check(answer.count(b"HTTP/1.1 200") == 1 and answer.find(b"HTTP/1.1 200") < answer.find(b"HTTP/1.1 404"),
          f"two pipelined requests: {answer[:80]!r}...")
    # Expect: 100-continue gets its go-ahead before the body is sent.
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
    sock.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nExpect: 100-continue\r\n"
                 "Content-Length: 2\r\n\r\n".encode())
    first = sock.recv(4096)
    sock.sendall(b"{}")
    rest = sock.recv(65536)
    sock.close()
    check(first.startswith(b"HTTP/1.1 100") and b"201" in (first + rest).split(b"\r\n\r\n", 1)[1][:20],
          f"Expect: 100-continue: {first[:40]!r} {rest[:40]!r}")


def test_http_details(s):
    # A 405 says which methods the resource has (RFC 9110 15.5.6).
    for request, allow in [(b"BREW /api/rules HTTP/1.1\r\nConnection: close\r\n\r\n", b"GET, HEAD"),
                           (b"DELETE /api/games HTTP/1.1\r\nConnection: close\r\n\r\n", b"POST")]:
        answer = s.raw(request)
        check(answer.startswith(b"HTTP/1.1 405") and b"\r\nAllow: " + allow + b"\r\n" in answer,
              f"{request[:30]!r}: a 405 without Allow: {allow!r}: {answer[:300]!r}")
    # No other site may frame the page or an answer (clickjacking).
    for request in (b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n", b"GET /nothing HTTP/1.1\r\nConnection: close\r\n\r\n"):
        answer = s.raw(request).split(b"\r\n\r\n", 1)[0]
        check(b"\r\nX-Frame-Options: DENY" in answer and b"frame-ancestors 'none'" in answer,
              f"{request[:20]!r}: framing allowed: {answer!r}")
    # HTTP/1.1 must name its Host (RFC 9112 3.2); HTTP/1.0 need not.
    answer = s.raw(b"GET /api/rules HTTP/1.1\r\nConnection: close\r\n\r\n", host=False)
    check(answer.startswith(b"HTTP/1.1 400") and b"Host" in answer, f"no Host: {answer[:200]!r}")
    answer = s.raw(b"GET /api/rules HTTP/1.0\r\n\r\n", host=False)
    check(answer.startswith(b"HTTP/1.1 200"), f"HTTP/1.0 without Host: {answer[:200]!r}")
    # A record is UTF-8: a name that is not is refused, not served as if it were.
    id_, token = s.game()
    status, r = s.request("GET", f"/api/games/{id_}/record?black=%FF&white=ok", token=token)
    check(status == 400 and "UTF-8" in str(r), f"a name of invalid UTF-8 in a record: {status} {r}")
    status, r = s.request("GET", f"/api/games/{id_}/record?black=%C3%A9mile", token=token)
    check(status == 200 and '[Black "\u00e9mile"]' in r, f"a name in UTF-8: {status} {str(r)[:200]}")


def test_sizes(s):
    # --max-plies 12: a game is played to 12 plies; the 13th is refused, and so is a new game of 13.
    id_, token = s.game()
    played = []
    for _ in range(12):
        status, r = s.request("GET", f"/api/games/{id_}", token=token)
        move = r["legal_moves"][0]
        status, r = s.request("POST", f"/api/games/{id_}/play", {"move": move}, token=token)
        if not check(status == 200, f"ply {len(played) + 1}: {status} {r}"):
            return
        played.append(move)
    check(not r["over"], "the game ended before 12 plies: the test needs another line")
    status, r = s.request("POST", f"/api/games/{id_}/play", {"move": r["legal_moves"][0]}, token=token)
    check(status == 409 and "at most 12 plies" in r.get("error", ""), f"a 13th ply: {status} {r}")
    status, r = s.request("POST", f"/api/games/{id_}/engine-move", {"depth": 1}, token=token)
    check(status == 409 and "at most 12 plies" in r.get("error", ""), f"an engine move at 12 plies: {status} {r}")
    status, r = s.request("POST", "/api/games", {"moves": played + ["a1-a2"]})
    check(status == 422 and "at most 12 plies" in r.get("error", ""), f"a new game of 13 plies: {status} {r}")
    status, r = s.request("POST", "/api/games", {"moves": " ".join(played)})
    check(status == 201 and r["moves"] == played, f"a new game of 12 plies: {status}")


def test_fair_engines(s):
    # --engines 2 --searches-per-client 4: a client (127.0.0.2) opens 40 analysis streams of 10 s. It gets
    # four (one searching, three waiting for its share) and 429 for the rest; another client's engine
    # move is searched by the other engine at once and played. (No timing: the move must be played,
    # where before it waited behind the streams and was refused.)
    games = [s.game(source="127.0.0.2") for _ in range(40)]
    first = stream_open(s, f"/api/games/{games[0][0]}/analysis?movetime_ms=10000", games[0][1], "127.0.0.2")
    check(first[1] == 200 and b"event: info" in receive_until(first[0], b"event: info", first[2]),
          f"the first long analysis: {first[1]}, no info event")
    streams = [first] + [stream_open(s, f"/api/games/{id_}/analysis?movetime_ms=10000", token, "127.0.0.2")
                         for id_, token in games[1:]]
    statuses = sorted(status for _, status, _ in streams)
    check(statuses.count(200) == 4 and statuses.count(429) == 36,
          f"40 streams of one client, 4 a client: statuses {statuses}")
    id_, token = s.game(source="127.0.0.3")
    status, r = s.request("POST", f"/api/games/{id_}/engine-move", {"movetime_ms": 200}, token=token,
                          source="127.0.0.3", timeout=60)
    check(status == 200 and "move" in r, f"another client's engine move beside 40 streams: {status} {r}")
    # And it did not wait for one of the streams to end (the 10 s analyses are all still running or
    # waiting): it had an engine of its own. An order of events, not a timing.
    ended = 0
    for sock, status, seen in streams:
        if status != 200:
            continue
        sock.setblocking(False)
        try:
            while True:
                part = sock.recv(65536)
                if not part:
                    break
                seen += part
        except BlockingIOError:
            pass
        ended += b"event: done" in seen
    check(ended == 0, f"another client's engine move waited for {ended} of the streams to end")
    for sock, _, _ in streams:
        sock.close()


def closed_by_server(sock):
    """Whether the server has closed the socket (end of stream or a reset), without waiting."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True
    finally:
        sock.setblocking(True)


def test_connections(s):
    # --max-connections 16: 40 idle sockets, and a new client is still served (the oldest idle give way).
    idle = [socket.create_connection(("127.0.0.1", s.port), timeout=10) for _ in range(40)]
    s.answered("40 idle sockets over --max-connections 16")
    # The server's loop took every connection in order before it answered that client, pushing out the
    # oldest idle one each time past 16: those are closed by now, and the bound holds.
    still_open = sum(not closed_by_server(sock) for sock in idle)
    check(still_open <= 16, f"{still_open} of 40 idle sockets still open under --max-connections 16")
    for sock in idle:
        sock.close()


def test_forged_tokens(s):
    # Every character of a token counts (a comparison that kept only the last character's difference let a
    # forger with the right last character in), and the id, which every URL carries, is no token.
    id_, token = s.game()
    check(token != id_ and id_ not in token and len(token) >= 32, f"the token {token!r} and the id {id_!r}")

    def changed(i):
        return token[:i] + ("0" if token[i] != "0" else "1") + token[i + 1:]

    forged = [changed(i) for i in range(len(token))] + [id_, token[:-1], token + "0", token.upper()]
    for candidate in forged:
        if candidate == token:
            continue
        status, r = s.request("POST", f"/api/games/{id_}/play", {"move": "b1-b3"}, token=candidate)
        check(status == 403, f"a forged token {candidate!r} (the game's {token!r}): {status} {r}")
    status, r = s.request("GET", f"/api/games/{id_}", token=token)
    check(status == 200 and r["moves"] == [], f"after the forged tokens: {status} {r}")


def test_stale_search(s):
    # A move played while an engine move searches makes the search's answer stale: 409, nothing played.
    id_, token = s.game()
    s.request("POST", f"/api/games/{id_}/play", {"move": "b1-b3"}, token=token)
    answer = {}
    search = threading.Thread(target=lambda: answer.update(zip(("status", "body"), s.request(
        "POST", f"/api/games/{id_}/engine-move", {"movetime_ms": 3000}, token=token, timeout=60))))
    search.start()
    searching = False
    for _ in range(600):  # until the server says the engine searches (a bound against a hang, not a timing)
        status, r = s.request("GET", f"/api/games/{id_}", token=token)
        if status == 200 and r.get("searching"):
            searching = True
            break
        time.sleep(0.05)
    check(searching, "the engine move never showed as searching")
    s.request("POST", f"/api/games/{id_}/undo", {}, token=token)
    status, r = s.request("POST", f"/api/games/{id_}/play", {"move": "c1-c3"}, token=token)
    check(status == 200, f"a move during the search: {status} {r}")
    search.join()
    check(answer.get("status") == 409, f"the stale search's answer: {answer}")
    status, r = s.request("GET", f"/api/games/{id_}", token=token)
    check(status == 200 and r["moves"] == ["c1-c3"] and not r["searching"], f"after the stale search: {status} {r}")


def test_idle_and_deaf(s):
    # --idle-timeout 500: a kept-alive connection left idle after its answer is closed. The bound on the
    # wait guards against a hang; the test asserts that it is closed, not how soon.
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=60)
    sock.sendall(f"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n\r\n".encode())
    seen = b""
    while whole_responses(seen) < 1:
        part = sock.recv(65536)
        if not part:
            break
        seen += part
    check(whole_responses(seen) == 1, "no answer to the request before idling")
    sock.settimeout(60)
    try:
        while sock.recv(65536):
            pass
        closed = True
    except socket.timeout:
        closed = False
    except ConnectionError:
        closed = True
    check(closed, "an idle kept-alive connection was still open 60 s after --idle-timeout 500")
    sock.close()
    # --write-timeout 500: 3,000 pipelined requests and nothing read. The server fills what the sockets hold
    # (the client's receive buffer kept small), then its writes stall, and after --write-timeout it drops the
    # client: the socket's TCP state turns to CLOSE_WAIT or CLOSE, which is watched without reading (a bound
    # against a hang, no timing: under ThreadSanitizer the server takes seconds to fill the buffers). Reading
    # then gives far less than the 3,000 answers.
    one = s.raw(f"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nConnection: close\r\n\r\n".encode())
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
    sock.settimeout(60)
    sock.connect(("127.0.0.1", s.port))
    request = f"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n\r\n".encode()
    sock.sendall(request * 3000)
    dropped = False
    deadline = time.monotonic() + 180
    while not dropped and time.monotonic() < deadline:
        state = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0]
        dropped = state in (7, 8)  # TCP_CLOSE, TCP_CLOSE_WAIT
        time.sleep(0.1)
    received = 0
    try:
        while True:
            part = sock.recv(1 << 20)
            if not part:
                break
            received += len(part)
    except (ConnectionError, socket.timeout):
        pass
    sock.close()
    check(dropped, "a client that read nothing of 3,000 answers was not dropped within 180 s (--write-timeout 500)")
    check(received < 3000 * len(one) // 2,
          f"a client that read nothing got {received:,} of {3000 * len(one):,} bytes: not dropped")


def test_queries(s):
    id_, token = s.game()
    status, record = s.request("GET", f"/api/games/{id_}/record?black=a=b=c&white=x%3Dy+z", token=token)
    check(status == 200 and '[Black "a=b=c"]' in record and '[White "x=y z"]' in record,
          f"query values with '=': {status} {str(record)[:200]}")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    loa = sys.argv[1]
    s = Server(loa, "--engines", "1", "--queue", "4", "--hash", "4", "--max-games", "50", "--request-timeout",
               "2000", "--max-plies", "12")
    try:
        for test in (test_malformed, test_http_details, test_sizes, test_queries, test_forged_tokens,
                     test_stale_search, test_slow_clients, test_other_clients):
            test(s)
    finally:
        check(s.stop(), "loa serve exited during the test")
    s = Server(loa, "--max-connections", "16", "--engines", "1", "--hash", "4")
    try:
        test_connections(s)
    finally:
        check(s.stop(), "loa serve exited during the test")
    s = Server(loa, "--idle-timeout", "500", "--write-timeout", "500", "--engines", "1", "--hash", "4")
    try:
        test_idle_and_deaf(s)
    finally:
        check(s.stop(), "loa serve exited during the test")
    s = Server(loa, "--engines", "1", "--queue", "4", "--hash", "4", "--max-games", "100", "--keep-idle", "0")
    try:
        test_client_gone(s)
        test_long_searches(s)
    finally:
        check(s.stop(), "loa serve exited during the test")
    s = Server(loa, "--engines", "2", "--hash", "4", "--games-per-client", "40")
    try:
        test_fair_engines(s)
    finally:
        check(s.stop(), "loa serve exited during the test")
    if failures:
        print(f"serve_hostile: {len(failures)} failures")
        return 1
    print("serve_hostile: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
