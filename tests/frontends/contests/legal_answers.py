#!/usr/bin/env python3
"""Checks that every move a contest entry answered is legal in the position it
was given, with a square-by-square move generator of its own (it shares
nothing with the library). Used by bad_input.sh after each hostile case.

    legal_answers.py potm INPUT_FILE OUTPUT_FILE
    legal_answers.py kattis INPUT_TEXT_FILE OUTPUT_FILE
    legal_answers.py votey SIDE INPUT_TEXT_FILE OUTPUT_FILE

Exits 0 when every answer is legal (and there is at least one for POTM),
1 with the first illegal answer named.
"""
import sys

DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


class Board:
    def __init__(self, size):
        self.size = size
        self.cell = {}  # (file, rank) -> 0 first player, 1 second

    def inside(self, f, r):
        return 0 <= f < self.size and 0 <= r < self.size

    def moves(self, colour):
        out = set()
        for (f, r), c in list(self.cell.items()):
            if c != colour:
                continue
            for df, dr in DIRS:
                n = 0
                for k in range(-self.size, self.size):
                    if (f + k * df, r + k * dr) in self.cell:
                        n += 1
                tf, tr = f + n * df, r + n * dr
                if not self.inside(tf, tr) or self.cell.get((tf, tr)) == colour:
                    continue
                if any(self.cell.get((f + k * df, r + k * dr)) == 1 - colour for k in range(1, n)):
                    continue
                out.add(((f, r), (tf, tr)))
        return out

    def play(self, frm, to):
        self.cell[to] = self.cell.pop(frm)


def start(size):
    b = Board(size)
    for i in range(1, size - 1):
        b.cell[(i, 0)] = b.cell[(i, size - 1)] = 0
        b.cell[(0, i)] = b.cell[(size - 1, i)] = 1
    return b


def fail(message):
    print("legal_answers.py: " + message)
    sys.exit(1)


def potm_position(input_file):
    """The player to move (1 or 2) and the board of a POTM position file."""
    lines = open(input_file).read().splitlines()
    player = int(lines[0].split()[0])
    rows = [l for l in lines if len(l) == 7 and set(l) <= set(".12")][-7:]
    board = Board(7)
    for i, row in enumerate(rows):
        for f, ch in enumerate(row):
            if ch != ".":
                board.cell[(f, 6 - i)] = int(ch) - 1
    return player, board


def check_potm(input_file, output_file):
    player, board = potm_position(input_file)
    answers = open(output_file).read().split("\n")
    if len(answers) != 2 or answers[1] != "":
        fail(f"POTM: expected one line, got {answers!r}")
    words = answers[0].split()
    if len(words) != 2 or any(len(w) != 2 for w in words):
        fail(f"POTM: not a move: {answers[0]!r}")
    frm, to = ((ord(w[0]) - ord("a"), int(w[1]) - 1) for w in words)
    if (frm, to) not in board.moves(player - 1):
        fail(f"POTM: '{answers[0]}' is not a legal move for player {player} on the board given")


def kattis_square(r, c):
    return (c - 1, 8 - r)


def check_kattis(input_file, output_file):
    given = open(input_file).read().split("\n")
    answers = [l for l in open(output_file).read().split("\n") if l]
    if given[0].strip() not in ("0", "1"):
        if answers:
            fail(f"Kattis: answered {answers!r} with no valid colour given")
        return
    colour = int(given[0].strip())
    opponent = [l for l in given[1:] if l.strip()]
    board, to_move = start(8), 0
    for ply in range(len(answers) + len(opponent)):
        if to_move == colour:
            if not answers:
                return
            line = answers.pop(0)
            try:
                r1, c1, r2, c2 = map(int, line.split())
            except ValueError:
                fail(f"Kattis: not a move: {line!r}")
            move = (kattis_square(r1, c1), kattis_square(r2, c2))
            if move not in board.moves(to_move):
                fail(f"Kattis: '{line}' is not legal on ply {ply + 1}")
        else:
            if not opponent:
                if answers:
                    fail(f"Kattis: answered {answers!r} with no opponent move to answer")
                return
            try:
                r1, c1, r2, c2 = map(int, opponent.pop(0).split())
                move = (kattis_square(r1, c1), kattis_square(r2, c2))
            except ValueError:
                return  # the entry was to stop here (a malformed opponent move)
            if move not in board.moves(to_move):
                return  # an illegal opponent move: nothing after it is checked
        board.play(*move)
        to_move ^= 1


def votey_square(code):
    return (code % 10 - 1, 8 - code // 10)


def check_votey(side, input_file, output_file):
    colour = int(side) - 1
    replies = open(input_file).read().split()
    answers = open(output_file).read().split()
    board, to_move = start(8), 0
    if colour == 1:
        if not answers or answers.pop(0) != "0":
            fail("Votey: White must open with 0")
    while answers or replies:
        if to_move == colour:
            if not answers:
                return
            code = abs(int(answers.pop(0)))
            move = (votey_square(code // 100), votey_square(code % 100))
            if move not in board.moves(to_move):
                fail(f"Votey: {code} is not legal")
        else:
            if not replies:
                if answers:
                    fail(f"Votey: answered {answers!r} with no reply to answer")
                return
            try:
                code = abs(int(replies.pop(0)))
                move = (votey_square(code // 100), votey_square(code % 100))
            except ValueError:
                return
            if move not in board.moves(to_move):
                return
        board.play(*move)
        to_move ^= 1


def main():
    kind = sys.argv[1]
    if kind == "potm":
        check_potm(*sys.argv[2:4])
    elif kind == "kattis":
        check_kattis(*sys.argv[2:4])
    elif kind == "votey":
        check_votey(*sys.argv[2:5])
    else:
        fail("unknown front-end " + kind)


if __name__ == "__main__":
    main()
