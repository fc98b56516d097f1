#!/usr/bin/env python3
"""Replays SGF files with sgfmill (an independent Go implementation) and
writes what it finds, so the Rust tests can compare without sgfmill.

    pip install sgfmill
    python3 scripts/go-oracle.py crates/go/tests/data/real/gnugo crates/go/tests/data/selfplay \
        > crates/go/tests/data/sgfmill-oracle.tsv

One line per file, tab-separated:

    file  size  moves  captured_by_black  captured_by_white  area  ko  board

file is the path relative to crates/go/tests/data; captures count the
stones each colour removed (suicides count for the opponent, as the
engine counts them); area is sgfmill's area_score() (black minus white,
no komi); ko lists "ply:point" for every move after which sgfmill reports
a simple-ko point (SGF letters); board is the final board row by row from
the top, '.' empty, 'b' black, 'w' white. Files that sgfmill cannot replay
(an occupied point, setup after the root) are written with the reason in
place of the numbers: `file  error  REASON`.

sgfmill allows suicide and has no ko rule, so it matches the engine on
records that break neither (all of these do not).
"""

import os
import sys

from sgfmill import boards, sgf, sgf_moves

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates", "go", "tests", "data")


def letters(row, col, size):
    # sgfmill counts rows from the bottom.
    return chr(ord("a") + col) + chr(ord("a") + size - 1 - row)


def replay(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    size = game.get_size()
    board, plays = sgf_moves.get_setup_and_moves(game)
    captured = {"b": 0, "w": 0}
    ko = []
    moves = 0
    for colour, move in plays:
        moves += 1
        if move is None:
            continue
        row, col = move
        before = {c: sum(1 for r in range(size) for k in range(size) if board.get(r, k) == c) for c in "bw"}
        point = board.play(row, col, colour)
        after = {c: sum(1 for r in range(size) for k in range(size) if board.get(r, k) == c) for c in "bw"}
        other = "w" if colour == "b" else "b"
        captured[colour] += before[other] - after[other]
        captured[other] += before[colour] + 1 - after[colour]
        if point is not None:
            ko.append("%d:%s" % (moves, letters(point[0], point[1], size)))
    grid = "".join(
        "." if board.get(r, c) is None else board.get(r, c)
        for r in reversed(range(size))
        for c in range(size)
    )
    return [str(size), str(moves), str(captured["b"]), str(captured["w"]),
            str(board.area_score()), ",".join(ko) or "-", grid]


def main():
    paths = []
    for arg in sys.argv[1:]:
        if os.path.isdir(arg):
            paths += [os.path.join(arg, n) for n in sorted(os.listdir(arg)) if n.endswith(".sgf")]
        else:
            paths.append(arg)
    for path in paths:
        name = os.path.relpath(path, DATA)
        try:
            fields = replay(path)
        except ValueError as e:
            fields = ["error", str(e).replace("\t", " ")]
        print("\t".join([name] + fields))


if __name__ == "__main__":
    main()
