#!/usr/bin/env bash
# Counts the final positions of the real records whose RE is a count
# (B+3.5 style; resignations, time, forfeits and zero margins skipped)
# with asalto-go's `go-score` example and with GNU Go
# (`gnugo --score aftermath`), and prints how often each agrees with RE.
#
# Usage: scripts/bench-go-score.sh [--every N | --all] [--gnugo PATH]
#   --every N  every Nth file of the sorted list (default 3)
#   --all      every file (GNU Go takes about a second per file)
# Environment: KEEP=DIR keeps the per-file results there (ours.tsv:
#   file, RE, RE points, our result, ms, counting, komi, dead stones;
#   gnugo.tsv: file, RE points, GNU Go's margin, ms).
#
# GNU Go is given the komi our example counted (Fox's KM[375] is 7.5
# points; handicap compensation under Chinese or AGA rules included) and
# --chinese-rules when the file counts by area, so both tools count the
# same game the same way.
set -euo pipefail
every=3
gnugo=/usr/games/gnugo
while [ $# -gt 0 ]; do
  case "$1" in
    --every) every="$2"; shift 2 ;;
    --all) every=1; shift ;;
    --gnugo) gnugo="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
cargo build --release -q -p asalto-go --example go-score
score=target/release/examples/go-score
tmp=$(mktemp -d)
trap 'if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$tmp"/*.tsv "$KEEP"/; fi; rm -rf "$tmp"' EXIT

# Files whose RE is a non-zero count.
find crates/go/tests/data/real -name '*.sgf' | LC_ALL=C sort | while read -r f; do
  re=$(grep -ao 'RE\[[^]]*\]' "$f" | head -1 | sed 's/^RE\[//; s/\]$//') || true
  if printf '%s' "$re" | grep -Eq '^[BW]\+[0-9]*\.?[0-9]+$' &&
     ! printf '%s' "$re" | grep -Eq '^[BW]\+0*\.?0*$'; then
    echo "$f"
  fi
done | awk -v n="$every" '(NR - 1) % n == 0' > "$tmp/files"
[ -s "$tmp/files" ] || { echo "no files" >&2; exit 1; }

xargs "$score" < "$tmp/files" > "$tmp/ours.tsv"

# GNU Go: its margin (points, + for Black) and milliseconds per file.
while IFS=$'\t' read -r f _re re_pts _ours _ms counting komi _dead; do
  rules=()
  [ "$counting" = area ] && rules=(--chinese-rules)
  start=$(date +%s%N)
  out=$("$gnugo" --score aftermath --komi "$komi" "${rules[@]}" -l "$f" 2>/dev/null || true)
  end=$(date +%s%N)
  margin=$(printf '%s\n' "$out" | awk '
    /^Black wins by/ { print $4; exit }
    /^White wins by/ { print -$4; exit }
    /[Jj]igo|draw/   { print 0; exit }')
  printf '%s\t%s\t%s\t%s\n' "$f" "$re_pts" "${margin:--}" "$(( (end - start) / 1000000 ))"
done < "$tmp/ours.tsv" > "$tmp/gnugo.tsv"

awk -F'\t' '
  function med(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function sign(x) { return x > 0 ? 1 : (x < 0 ? -1 : 0) }
  function abs(x) { return x < 0 ? -x : x }
  FNR == NR {
    o = $4; m = (o == "0") ? 0 : ((substr(o, 1, 1) == "B") ? 1 : -1) * substr(o, 3)
    n++; if (sign(m) == sign($3)) aw++; if (abs(m - $3) <= 1) am++; at[n] = $5; next
  }
  {
    g++; if ($3 != "-") { if (sign($3) == sign($2)) gw++; if (abs($3 - $2) <= 1) gm++ }
    gt[g] = $4
  }
  END {
    ma = med(at, n); mg = med(gt, g)
    printf "| tool | winner agrees with RE | margin within 1 point | median ms per game |\n"
    printf "|---|---|---|---|\n"
    printf "| asalto-go `count` | %d/%d | %d/%d | %.2f |\n", aw, n, am, n, ma
    printf "| GNU Go 3.8 `--score aftermath` | %d/%d | %d/%d | %.0f |\n", gw, g, gm, g, mg
    printf "\nGNU Go median / asalto-go median: %.0f\n", (ma > 0 ? mg / ma : 0)
  }' "$tmp/ours.tsv" "$tmp/gnugo.tsv"
