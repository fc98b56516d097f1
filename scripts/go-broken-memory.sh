#!/usr/bin/env bash
# Peak memory and time of Go's `check` on a broken record: 2,000,000 moves
# on one point (`(;GM[1]SZ[19];B[aa];W[aa];B[aa];...)`, 12 MB), each but
# the first illegal (`occupied`), made in a temporary folder; `check` in
# JSON, for people, and with `-q`, each under GNU time (`/usr/bin/time
# -v`: maximum resident set size, elapsed time), and the size of what
# each printed. docs/go.md keeps the figures.
#
# Usage: scripts/go-broken-memory.sh [ASALTO]   (default: target/release/asalto)
# Environment: MOVES (default 2000000).
set -euo pipefail
cd "$(dirname "$0")/.."
asalto=${1:-target/release/asalto}
moves=${MOVES:-2000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$moves" > "$dir/broken.sgf" <<'EOF'
import sys
n = int(sys.argv[1])
sys.stdout.write("(;GM[1]SZ[19]" + ";B[aa];W[aa]" * (n // 2) + (";B[aa]" if n % 2 else "") + ")\n")
EOF
echo "record: $moves moves, $(stat -c %s "$dir/broken.sgf") bytes"
for args in "--format json" "" "-q"; do
    # shellcheck disable=SC2086
    /usr/bin/time -v "$asalto" check $args "$dir/broken.sgf" > "$dir/out" 2> "$dir/time" || true
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time")
    printf 'check %-14s peak RSS %7.1f MiB, %s elapsed, %s bytes out\n' \
        "${args:-(human)}" "$(echo "$rss / 1024" | bc -l)" "$wall" "$(stat -c %s "$dir/out")"
done
