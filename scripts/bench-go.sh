#!/usr/bin/env bash
# SGF validation speed of asalto-go against sgfmill, in the same run, on
# the same collection (the real and selfplay records of crates/go/tests/data):
# moves/s and MiB/s of each, and the ratio.
#
#   pip install sgfmill          # the reference
#   scripts/bench-go.sh [SECONDS]
#
# The sgfmill side parses each file (Sgf_game.from_bytes), reads setup and
# moves (sgf_moves.get_setup_and_moves) and plays every move on its board
# (captures; it checks neither suicide nor ko, so it does less than the
# check it is compared with). The asalto-go side is `check` (decode,
# parse, replay under simple-ko, area score, RE check) on one core, once
# keeping every ply (`check`, for show/export/diff) and once keeping none
# (`tally`, what `asalto check` runs), and keeping none under
# positional-superko (`superko`); `engine` plays the same moves with
# `Position::play_as`, which judges them as `check` does; its
# criterion benchmark is `cargo bench -p asalto-go --bench validate`.
# Both sides count CPU time of their thread (Python's thread_time, Linux's
# schedstat), so a loaded machine slows neither figure.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-3}"
data=crates/go/tests/data
files=("$data"/real/gnugo/*.sgf "$data"/selfplay/*.sgf)

cargo build -q --release -p asalto-go --example go-bench
rust=$(target/release/examples/go-bench "$seconds" "${files[@]}")
echo "$rust" | grep -v '^check \|^tally \|^superko \|^engine \|^parse '

if ! python3 -c 'import sgfmill' 2>/dev/null; then
  echo "sgfmill is not installed (pip install sgfmill): no reference ratio"
  exit 0
fi
ref=$(python3 - "$seconds" "${files[@]}" <<'PY'
import sys, time
from sgfmill import sgf, sgf_moves
seconds = float(sys.argv[1])
blobs = [open(p, "rb").read() for p in sys.argv[2:]]
def run():
    moves = 0
    for b in blobs:
        game = sgf.Sgf_game.from_bytes(b)
        board, plays = sgf_moves.get_setup_and_moves(game)
        for colour, mv in plays:
            moves += 1
            if mv is not None:
                board.play(mv[0], mv[1], colour)
    return moves
start = time.thread_time()
rounds = 0
moves = 0
while rounds == 0 or time.thread_time() - start < seconds:
    moves = run()
    rounds += 1
t = time.thread_time() - start
size = sum(map(len, blobs))
print("sgfmill %d %d %d %.4f %d" % (len(blobs), moves, size, t, rounds))
print("sgfmill: %.4f M moves/s, %.2f MiB/s" % (moves * rounds / t / 1e6, size * rounds / t / 1048576))
PY
)
echo "$ref" | grep -v '^sgfmill '
python3 - "$rust" "$ref" <<'PY'
import sys
def rate(text, name):
    for line in text.splitlines():
        f = line.split()
        if f[0] == name:
            return int(f[2]) * int(f[5]) / float(f[4])
check, tally, superko, engine = (rate(sys.argv[1], k) for k in ("check", "tally", "superko", "engine"))
ref = rate(sys.argv[2], "sgfmill")
print("ratio: check %.0fx sgfmill (moves/s), keeping no ply %.0fx; engine alone %.0fx"
      % (check / ref, tally / ref, engine / ref))
print("positional-superko: %.0fx sgfmill, %.2f of simple-ko's speed" % (superko / ref, superko / tally))
PY
