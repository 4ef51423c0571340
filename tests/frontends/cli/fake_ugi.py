#!/usr/bin/env python3
"""A UGI program that misbehaves in one way, for loa match's fault tests.

    fake_ugi.py MODE LOA
      nonsense  answers every go with lines of nonsense, then 'bestmove hello'
      silent    completes the handshake, then never answers a go
      illegal   answers every go with 'bestmove a1a2' (no piece there)
      slow      answers a legal move (the first 'loa show' lists) after 1.5 s
"""
import subprocess
import sys
import time

mode, loa = sys.argv[1], sys.argv[2]
position = "position startpos"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] in ("ugi", "uci"):
        say("id name fake " + mode)
        say("ugiok" if words[0] == "ugi" else "uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        position = line.strip()
    elif words[0] == "go":
        if mode == "nonsense":
            say("hello there")
            say("info banana")
            say("bestmove hello")
        elif mode == "illegal":
            say("bestmove a1a2")
        elif mode == "slow":
            moves = position.split(" moves ")[1] if " moves " in position else ""
            shown = subprocess.run([loa, "show", "--moves", moves], capture_output=True, text=True).stdout
            first = [l for l in shown.splitlines() if l.startswith("moves:")][0].split()[1]
            time.sleep(1.5)
            say("bestmove " + first)
        # silent: nothing at all
    elif words[0] == "quit":
        break
