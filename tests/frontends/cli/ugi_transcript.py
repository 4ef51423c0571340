#!/usr/bin/env python3
"""Drives `loa ugi` the way a GUI does and compares the session with a golden
transcript: each command is sent, then its answer is read (ugiok, readyok, a
response, or everything up to bestmove after go). Time, nps and hashfull
vary from run to run and are masked.

    ugi_transcript.py LOA COMMANDS GOLDEN [--update]
"""
import re
import subprocess
import sys

WAIT_FOR = {"ugi": "ugiok", "uci": "uciok", "isready": "readyok", "go": "bestmove", "stop": "bestmove"}
MASK = re.compile(r"\b(time|nps|hashfull) \d+")


def main():
    loa, commands, golden = sys.argv[1:4]
    update = "--update" in sys.argv
    proc = subprocess.Popen([loa, "ugi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    transcript = []
    for command in open(commands).read().splitlines():
        if not command.strip() or command.startswith("#"):
            continue
        transcript.append("> " + command)
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        word = command.split()[0]
        if word == "quit":
            break
        if word == "go" and "infinite" in command:
            continue  # the stop that follows brings the bestmove
        hidden_ready = word not in ("ugi", "uci", "isready", "go", "stop")
        if hidden_ready:
            # Whatever the command answers (a response, an error, nothing)
            # comes before the readyok of an isready sent after it.
            proc.stdin.write("isready\n")
            proc.stdin.flush()
        expect = "readyok" if hidden_ready else WAIT_FOR.get(word, "bestmove")
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit(f"ugi_transcript: output ended waiting for {expect!r} after {command!r}")
            line = line.rstrip("\n")
            if word == "stop" and line.startswith("info"):
                continue  # how far an infinite search got varies
            if line.startswith(expect) and hidden_ready:
                break
            transcript.append("< " + MASK.sub(r"\1 *", line))
            if line.startswith(expect):
                break
    if not transcript or transcript[-1] != "> quit":
        proc.stdin.write("quit\n")
    proc.stdin.close()
    if proc.wait(timeout=10) != 0:
        sys.exit("ugi_transcript: loa ugi exited with an error")
    text = "\n".join(transcript) + "\n"
    if update:
        open(golden, "w").write(text)
        print("updated", golden)
        return
    expected = open(golden).read()
    if text != expected:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), golden, "session"))
        sys.exit("ugi_transcript: the session differs from " + golden)
    print("session matches", golden)


if __name__ == "__main__":
    main()
