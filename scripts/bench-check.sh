#!/usr/bin/env bash
# Time `asalto check` against the minimal validator (examples/minimal-check.rs:
# the same work, read, parse, validate, one verdict line per file, with
# nothing else) in the same run, on 10,000 small records and on one record
# of 1,000,000 moves, on 1 and 2 cores, `check` as users run it and with the
# game named (`--game asalto`: no look at each file's first bytes to tell
# its game, which the minimal validator knows); print the ratios (minimal
# time / check time: above 1.0, check is faster), plies/s and MiB/s. Then the peak memory
# of `check` on a 1 GiB record (GNU time, when /usr/bin/time is there).
#
# Usage: scripts/bench-check.sh [RUNS]   (best of RUNS timings, default 5)
#        scripts/bench-check.sh --two-cores [ROUNDS]
#            only issue 9's goal on two cores: `check -j2` against the
#            minimal validator on one core (and the minimal validator and
#            `check` on 1 and 2), on the 10,000 small records, ROUNDS
#            rounds (default 6) that alternate the six commands, each
#            command timed by `perf stat -r 25` (wall and CPU, median of the
#            rounds); prints the ratios, the load average and the time. On
#            a machine others use, run it at real-time priority
#            (`sudo chrt -f 10 scripts/bench-check.sh --two-cores`) so their
#            jobs do not preempt it, and say so with the figures.
# Environment: BENCH_DIR (default: a fresh temporary folder, removed after),
#              BENCH_SKIP_GIB=1 to skip the 1 GiB measurement.
set -euo pipefail
cd "$(dirname "$0")/.."
two_cores=
if [ "${1:-}" = --two-cores ]; then
    two_cores=1
    shift
fi
runs=${1:-5}
# shellcheck source=scripts/bench-common.sh
. scripts/bench-common.sh
cargo build --release --quiet --bin asalto --example minimal-check --example long-record
asalto=$target/asalto
minimal=$target/examples/minimal-check
bench_dir

echo "corpus in $dir"
if [ ! -e "$dir/small/game-10000.txt" ]; then
    "$asalto" selfplay --games 10000 --seed 1 --out "$dir/small" --quiet --force
fi

# Issue 9's goal on two cores, alone: alternating rounds of `perf stat -r
# 25` (its wall and CPU times are means over 25 runs), medians of the
# rounds.
if [ -n "$two_cores" ]; then
    command -v perf > /dev/null || { echo "--two-cores needs perf (linux-perf)" >&2; exit 2; }
    rounds=${1:-6}
    files=("$dir"/small/game-*.txt)
    names=(minimal-j1 minimal-j2 check-j1 check-j2)
    cmds=("$minimal -j 1" "$minimal -j 2" "$asalto check -j1" "$asalto check -j2")
    declare -A wall cpu
    echo "issue 9 on two cores: $((${#files[@]})) small records, $rounds alternating rounds of perf stat -r 25"
    echo "start: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
    for round in $(seq "$rounds"); do
        for i in "${!names[@]}"; do
            # shellcheck disable=SC2086
            perf stat -r 25 -o "$dir/perf.txt" ${cmds[$i]} "${files[@]}" > /dev/null 2>&1 || true
            w=$(awk '/seconds time elapsed/ {print $1 * 1000}' "$dir/perf.txt")
            c=$(awk '/task-clock/ {gsub(",", "", $1); print $1}' "$dir/perf.txt")
            wall[${names[$i]}]+="$w "
            cpu[${names[$i]}]+="$c "
        done
        echo "  round $round done"
    done
    median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
    declare -A w c
    for name in "${names[@]}"; do
        w[$name]=$(echo "${wall[$name]}" | median)
        c[$name]=$(echo "${cpu[$name]}" | median)
        printf '%-12s wall %7.1f ms   CPU %7.1f ms   minimal-j1 / this (wall) %5.2fx\n' "$name" \
            "${w[$name]}" "${c[$name]}" "$(echo "${w[minimal-j1]} / ${w[$name]}" | bc -l)"
    done
    printf 'check -j2 against the minimal validator on 1 core: %.2fx (goal: at least 1.80x)\n' \
        "$(echo "${w[minimal-j1]} / ${w[check-j2]}" | bc -l)"
    echo "end: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
    exit 0
fi

[ -e "$dir/long.txt" ] || "$target/examples/long-record" 1000000 > "$dir/long.txt"
small_plies=$(cat "$dir"/small/game-*.txt | wc -l)
small_bytes=$(cat "$dir"/small/game-*.txt | wc -c)
long_plies=$(wc -l < "$dir/long.txt")
long_bytes=$(wc -c < "$dir/long.txt")

printf '\n%-22s %5s %-6s %9s %9s %8s %9s %8s %13s %9s\n' corpus cores game check_s minimal_s ratio cpu_ratio vs_1core check_plies/s check_MiB/s
declare -A minimal_1core
for cores in 1 2; do
    for corpus in small long; do
        if [ $corpus = small ]; then
            files=("$dir"/small/game-*.txt); plies=$small_plies; bytes=$small_bytes
            label="10000 small files"
        else
            files=("$dir/long.txt"); plies=$long_plies; bytes=$long_bytes
            label="1 file, $long_plies plies"
        fi
        m=$(best "$minimal" -j "$cores" "${files[@]}")
        mc=$(best_cpu "$minimal" -j "$cores" "${files[@]}")
        [ "$cores" = 1 ] && minimal_1core[$corpus]=$m
        # `check` as users run it (each file's game told by its name and
        # content: a look at its first bytes before the check), and with
        # the game named, as the minimal validator knows it.
        for game in sniffed named; do
            args=(check -j "$cores")
            [ $game = named ] && args+=(--game asalto)
            c=$(best "$asalto" "${args[@]}" "${files[@]}")
            cc=$(best_cpu "$asalto" "${args[@]}" "${files[@]}")
            printf '%-22s %5s %-6s %9.3f %9.3f %7.2fx %8.2fx %7.2fx %13.0f %9.1f\n' "$label" "$cores" "$game" \
                "$c" "$m" "$(echo "$m / $c" | bc -l)" "$(echo "$mc / $cc" | bc -l)" \
                "$(echo "${minimal_1core[$corpus]} / $c" | bc -l)" "$(echo "$plies / $c" | bc -l)" \
                "$(echo "$bytes / 1048576 / $c" | bc -l)"
        done
    done
done
echo "(ratio: minimal wall time / check wall time, both on the same cores; cpu_ratio: the"
echo " same with CPU time; vs_1core: minimal on 1 core / check on these cores (wall);"
echo " above 1.0x check is faster. game: sniffed = as users run it, named = --game asalto."
echo " The minimal validator gives each thread a share of the files: one file is one thread.)"

if [ "${BENCH_SKIP_GIB:-}" != 1 ] && [ -x /usr/bin/time ]; then
    gib=$dir/gib.txt
    # Moves of 6 bytes (`Xx-Xx` and a line end): 1 GiB.
    [ -e "$gib" ] || "$target/examples/long-record" $((1073741824 / 6)) > "$gib"
    size=$(wc -c < "$gib")
    echo
    echo "peak memory of check on a $((size / 1048576)) MiB record:"
    /usr/bin/time -v "$asalto" check "$gib" 2> "$dir/time.txt" | cut -c1-100 || true
    grep -E "Maximum resident set size|Elapsed" "$dir/time.txt"
    # show, export and diff on the same record: each reads it line by line
    # holding the current position (export reads it twice, diff reads two
    # copies in step, one of them on standard input).
    for run in "show --ply 12 $gib" "export --to text $gib" "diff $gib -"; do
        echo
        echo "peak memory of $run:"
        # shellcheck disable=SC2086
        /usr/bin/time -v "$asalto" $run < "$gib" > /dev/null 2> "$dir/time.txt" || true
        grep -E "Exit status|Maximum resident set size|Elapsed" "$dir/time.txt"
    done
fi
