#!/usr/bin/env python3
"""A contest program that plays legally and badly: always the first legal
move in square order, by legal_answers.py's own move generator. Under a
referee it must lose without being named for any fault.

    weak_player.py [--burn S] potm INPUT_FILE   one move for the POTM mediator
    weak_player.py [--burn S] kattis            a whole Kattis game on stdin/stdout
    weak_player.py [--burn S] votey SIDE        a whole Votey game (play() semantics)

--burn S spends S seconds of CPU before each move: a legal but slow program.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import time  # noqa: E402

from legal_answers import kattis_square, potm_position, start, votey_square  # noqa: E402

BURN = 0.0


def connected(board, colour):
    pieces = {sq for sq, c in board.cell.items() if c == colour}
    if not pieces:
        return True
    seen, todo = set(), [next(iter(pieces))]
    while todo:
        f, r = todo.pop()
        if (f, r) in seen:
            continue
        seen.add((f, r))
        todo += [(f + df, r + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (f + df, r + dr) in pieces]
    return seen == pieces


def first_move(board, colour):
    spent = time.process_time()
    while time.process_time() - spent < BURN:
        pass
    moves = sorted(board.moves(colour), key=lambda m: (m[0][1], m[0][0], m[1][1], m[1][0]))
    return moves[0] if moves else None


def over(board, plies, limit):
    return connected(board, 0) or connected(board, 1) or (limit and plies >= limit)


def potm(input_file):
    player, board = potm_position(input_file)
    (f1, r1), (f2, r2) = first_move(board, player - 1)
    print(f"{chr(97 + f1)}{r1 + 1} {chr(97 + f2)}{r2 + 1}")


def kattis():
    colour = int(sys.stdin.readline())
    board, to_move, plies = start(8), 0, 0
    while not over(board, plies, 100):
        if not board.moves(to_move):
            return
        if to_move == colour:
            frm, to = first_move(board, colour)
            print(f"{8 - frm[1]} {frm[0] + 1} {8 - to[1]} {to[0] + 1}", flush=True)
        else:
            r1, c1, r2, c2 = map(int, sys.stdin.readline().split())
            frm, to = kattis_square(r1, c1), kattis_square(r2, c2)
        board.play(frm, to)
        to_move ^= 1
        plies += 1


def votey(side):
    colour = int(side) - 1
    board, to_move = start(8), 0

    def play(code):
        print(code, flush=True)
        line = sys.stdin.readline()
        return int(line) if line.strip() else None

    reply = play(0) if colour == 1 else 0
    while True:
        if colour == 1:
            if reply is None or reply < 0:
                return
            board.play(votey_square(reply // 100), votey_square(reply % 100))
            if over(board, 0, 0):
                return
        frm, to = first_move(board, colour)
        board.play(frm, to)
        code = 100 * (10 * (8 - frm[1]) + frm[0] + 1) + 10 * (8 - to[1]) + to[0] + 1
        wins = connected(board, colour)
        reply = play(-code if wins else code)
        if wins or reply is None or reply < 0:
            return
        if colour == 0:
            board.play(votey_square(reply // 100), votey_square(reply % 100))
            if over(board, 0, 0):
                return


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[0] == "--burn":
        BURN = float(args[1])
        args = args[2:]
    if args[0] == "potm":
        potm(args[1])
    elif args[0] == "kattis":
        kattis()
    else:
        votey(args[1])
