#!/usr/bin/env bash
# Time `asalto solve --count` on a set of thousands of Solitaire Chess
# puzzles against the engine alone (examples/solitaire-count.rs: read the
# set, count each puzzle's solutions, print the numbers) in the same run,
# and check that both give the same counts. Prints seconds, puzzles/s, and
# the ratio (engine time / CLI time: near 1.0, the CLI adds little).
#
# The set: PUZZLES random puzzles (default 5,000) of 4 to 10 pieces drawn
# from the commercial set (K Q R R B B N N P P), random squares, a fixed
# seed; solvable or not, as a teacher's set would be.
#
# Measured on 2026-11-23 (2 cores shared by six builds, best of 3):
# codegolf 5,000 puzzles (4,506 solvable, 5,621,463,928 solutions) in
# 8.26 s, 605 puzzles/s; thinkfun (4,485 solvable) in 9.08 s. The engine
# yardstick, which keeps one solver (and its table) for the whole set, took
# 31.9 s and 23.0 s: a fresh table per puzzle, as `solve` makes, is faster.
#
# Usage: scripts/bench-solitaire.sh [RUNS]   (best of RUNS timings, default 5)
# Environment: PUZZLES (default 5000), BENCH_DIR (default: a fresh
#              temporary folder, removed after).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
puzzles=${PUZZLES:-5000}
# shellcheck source=scripts/bench-common.sh
. scripts/bench-common.sh
cargo build --release --quiet --bin asalto --example solitaire-count
asalto=$target/asalto
engine=$target/examples/solitaire-count
bench_dir

python3 - "$puzzles" > "$dir/set.txt" <<'PY'
import random, sys
rng = random.Random(2026)
pieces = list("KQRRBBNNPP")
print("# random puzzles for scripts/bench-solitaire.sh (seed 2026)")
for _ in range(int(sys.argv[1])):
    n = rng.randint(4, 10)
    chosen = rng.sample(pieces, n)
    squares = rng.sample(range(16), n)
    cells = ["."] * 16
    for p, s in zip(chosen, squares):
        cells[s] = p
    print("".join(cells))
PY

for rules in codegolf thinkfun; do
    # The same counts, in the same order.
    # (exit status 1: some puzzles have no solution)
    cli_counts=$({ "$asalto" solve --count --rules "$rules" "$dir/set.txt" || true; } \
        | sed -E 's/.*: no solution.*/0/; s/.*: ([0-9]+) solutions?$/\1/')
    engine_counts=$("$engine" "$dir/set.txt" "$rules")
    if [ "$cli_counts" != "$engine_counts" ]; then
        echo "the counts of asalto solve and of the engine differ ($rules)" >&2
        exit 1
    fi
    solvable=$(echo "$engine_counts" | grep -vc '^0$' || true)
    total=$(echo "$engine_counts" | paste -sd+ | bc)
    cli=$(best "$asalto" solve --count --rules "$rules" "$dir/set.txt")
    eng=$(best "$engine" "$dir/set.txt" "$rules")
    printf '%-9s %6d puzzles (%d solvable, %s solutions)  solve --count %.3f s  engine %.3f s  ratio %.2f  %.0f puzzles/s\n' \
        "$rules" "$puzzles" "$solvable" "$total" "$cli" "$eng" \
        "$(echo "$eng / $cli" | bc -l)" "$(echo "$puzzles / $cli" | bc -l)"
done
