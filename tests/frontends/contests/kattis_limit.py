#!/usr/bin/env python3
"""kattis_limit.py LOA_KATTIS LOA: Kattis games played to the 100-move limit.

The Kattis judge plays randomly, and the entry beats it long before the
limit, so no other test sees the end of a drawn game. Here the judge stalls
(`loa referee kattis --judge staller`: it never ends the game itself and
keeps the entry from forcing a win it can see), so from the start the entry
plays all 100 moves as black and as white. Checked:

- through the referee: both games reach the limit (draw, 100 moves) without
  a fault, and the transcript holds exactly 50 moves of the program a game;
  the referee names a program that writes a 101st move, and one that leaves
  without reading the judge's last move;
- directly, with this script replaying the judge's side of those games (the
  entry is deterministic): the entry writes exactly its 50 moves, the same
  ones, reads every move sent to it (nothing is left in its input pipe),
  writes nothing after the end, and exits 0.
"""
import fcntl
import os
import re
import struct
import subprocess
import sys
import tempfile
import termios

LIMIT = 100


def unread_bytes(fd):
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, struct.pack("i", 0)))[0]


def transcript_games(path):
    """Each game's lines to the program and from it, in order, as (direction, text)."""
    with open(path) as f:
        games = f.read().split("# game ")[1:]
    return [[(line[0], line[len("> program "):]) for line in game.splitlines() if line[:10] in ("> program ", "< program ")]
            for game in games]


def replay_directly(entry, exchange, colour):
    """Plays the judge's side of a recorded game against the entry; returns failures."""
    read_end, write_end = os.pipe()
    # This process keeps the read end open too, so that what the entry
    # leaves unread stays in the pipe to be counted.
    proc = subprocess.Popen([entry], stdin=read_end, stdout=subprocess.PIPE, text=True)
    failures, written = [], 0
    for direction, text in exchange:
        if direction == ">":
            os.write(write_end, (text + "\n").encode())
            continue
        line = proc.stdout.readline()
        if not line:
            failures.append(f"its output ended after {written} moves")
            break
        written += 1
        if line.rstrip("\n") != text:
            failures.append(f"move {written} was {line.strip()!r}, in the referee's game {text!r}")
            break
    try:
        code = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        failures.append("it did not exit at the end of the game")
        proc.kill()
        code = proc.wait()
    extra = proc.stdout.read()
    if extra:
        failures.append(f"it wrote after the game's end: {extra[:40]!r}")
    if written != LIMIT // 2:
        failures.append(f"it wrote {written} moves, not {LIMIT // 2}")
    if unread_bytes(write_end):
        failures.append(f"it left {unread_bytes(write_end)} bytes of its input unread")
    if code != 0:
        failures.append(f"it exited with {code}")
    os.close(read_end)
    os.close(write_end)
    return [f"directly, as {colour}: {f}" for f in failures]


def program(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)
    return path


def through_referee(entry, loa_cli, work):
    """Two games to the limit through the referee; returns failures and the transcript's games."""
    failures = []
    transcript = os.path.join(work, "limit.transcript")
    run = subprocess.run([loa_cli, "referee", "kattis", entry, "--judge", "staller", "--games", "2",
                          "--transcript", transcript], capture_output=True, text=True, timeout=300)
    games = re.findall(r"game +\d+: program (black|white) : not accepted \(draw, move limit\), 100 moves", run.stdout)
    if games != ["black", "white"] or "fault" in run.stdout:
        failures.append(f"referee: both games should end at the limit without a fault:\n{run.stdout}{run.stderr}")
    exchanges = transcript_games(transcript)
    for number, exchange in enumerate(exchanges, 1):
        received = sum(1 for direction, _ in exchange if direction == "<")
        sent = len(exchange) - received
        if received != 50 or sent != 51:
            failures.append(f"referee: game {number}: {received} lines from the program (50 expected), "
                            f"{sent} to it (its colour and 50 moves expected)")
    # A program that plays on after the limit, and one that leaves without
    # reading the judge's last move (as black the judge's move is the 100th).
    plays_on = program(os.path.join(work, "plays_on"), f'#!/bin/sh\n"{entry}"\necho "1 1 1 2"\n')
    leaves_early = program(os.path.join(work, "leaves_early"),
                           f"#!{sys.executable}\n" + LEAVES_EARLY.replace("ENTRY", repr(entry)))
    for fake, words in ((plays_on, "fault: program: wrote after the game ended: 1 1 1 2"),
                        (leaves_early, "fault: program: (ended without reading the last|closed its input mid-game)")):
        run = subprocess.run([loa_cli, "referee", "kattis", fake, "--judge", "staller", "--games", "1"],
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 1 or not re.search(words, run.stdout):
            failures.append(f"referee: {os.path.basename(fake)}: exit {run.returncode}, expected 1 and "
                            f"'{words}' in:\n{run.stdout}{run.stderr}")
    return failures, exchanges


# The entry behind a proxy that exits 0 right after the entry's 50th move,
# without reading what the judge sends after it.
LEAVES_EARLY = """
import os, subprocess, sys
entry = subprocess.Popen([ENTRY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
colour = sys.stdin.readline()
entry.stdin.write(colour)
entry.stdin.flush()
ours, written = colour.strip() == "0", 0
while True:
    if ours:
        sys.stdout.write(entry.stdout.readline())
        sys.stdout.flush()
        written += 1
        if written == 50:
            os._exit(0)
    else:
        entry.stdin.write(sys.stdin.readline())
        entry.stdin.flush()
    ours = not ours
"""


def main():
    entry, loa_cli = (os.path.realpath(p) for p in sys.argv[1:3])
    with tempfile.TemporaryDirectory() as work:
        failures, exchanges = through_referee(entry, loa_cli, work)
    for exchange, colour in zip(exchanges, ("black", "white")):
        failures += replay_directly(entry, exchange, colour)
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("ok: both colours to the limit, through the referee and directly; both faults named")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
