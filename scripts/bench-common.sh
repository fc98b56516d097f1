# shellcheck shell=bash
# What the benchmark scripts share (sourced by scripts/bench-*.sh, after
# their `cd` to the repository): the release build's folder, a working
# folder, and best-of-RUNS timings. The caller sets `runs` (how many
# timings to take the best of) before calling `best` or `best_cpu`.

# The release build's folder (CARGO_TARGET_DIR is honoured).
target=${CARGO_TARGET_DIR:-target}/release

# Set `dir`: BENCH_DIR (kept), or a fresh temporary folder removed on exit.
bench_dir() {
    dir=${BENCH_DIR:-$(mktemp -d)}
    [ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
    mkdir -p "$dir"
}

# Best wall time in seconds of RUNS runs of a command (output discarded).
best() {
    local best=""
    for _ in $(seq "$runs"); do
        local start end t
        start=$(date +%s.%N)
        "$@" > /dev/null || true
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    echo "$best"
}

# Least CPU time (user + system, seconds) of RUNS runs: steadier than wall
# time on a busy machine. Needs GNU time (/usr/bin/time) and `dir`.
best_cpu() {
    local best=""
    for _ in $(seq "$runs"); do
        local t
        /usr/bin/time -f "%U %S" -o "$dir/cpu.txt" "$@" > /dev/null 2>&1 || true
        t=$(awk '{print $1 + $2}' "$dir/cpu.txt")
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    echo "$best"
}
