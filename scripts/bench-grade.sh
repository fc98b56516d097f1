#!/usr/bin/env bash
# Time `asalto grade` of one correct Asalto program (the tests' student-like
# fixture, tests/fixtures/grade/asalto.py) on GAMES reference games
# (default 20, from `asalto selfplay --seed 1`) against the same program
# with each game's input piped straight into it (`asalto export --to input
# GAME | python3 asalto.py`: the lines a person types, without the
# grader's extra save, load and illegal-move checks), in the same run,
# alternating, on one job and on two: the grade under bubblewrap (when it
# works here) and with `--sandbox none`, the pipes one game after another
# and two at a time (`xargs -P2`), and, one at a time, typed in: each line
# sent once the program shows its prompt, as a person types (the
# `typed-input` example: blocking reads, nothing judged, no sandbox; the
# least any interactive use costs). Prints the median of RUNS timings of
# each and the ratios: grade / pipes (goal: at most 1.2 on one job),
# grade / typed, and
# one job / two jobs for the grade and for the pipes (near 2.0 on two
# free cores: linear), with the load average and the time, since on a
# shared machine other people's work moves every figure.
#
# Usage: scripts/bench-grade.sh [RUNS]   (median of RUNS timings, default 5)
# Environment: BUSY (default 0): that many busy loops run beside every
#              timing (a machine busy with other work; each loop one
#              process of `sh` that never sleeps), GAMES (default 20),
#              BENCH_DIR (default: a fresh temporary
#              folder, removed after), PYTHON (default /usr/bin/python3:
#              as root the programs run as users of their own, who may not
#              enter root's own interpreters, e.g. under /root/.pyenv).
# The pipes run the same interpreter in the environment the grader gives
# its programs (env -i, HOME in an empty folder, the variables the README
# lists): the same program start on both sides.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
games=${GAMES:-20}
python=${PYTHON:-/usr/bin/python3}
# shellcheck source=scripts/bench-common.sh
. scripts/bench-common.sh
cargo build --release --quiet --bin asalto --example typed-input
asalto=$(pwd)/$target/asalto
typed_input=$(pwd)/$target/examples/typed-input
bench_dir
# As root the programs run as users of their own: everything they read
# must be readable by anyone.
chmod 755 "$dir"

rm -rf "$dir/refs" "$dir/inputs" "$dir/subs"
"$asalto" selfplay --games "$games" --seed 1 --out "$dir/refs" --quiet --force
rm -f "$dir/refs/summary.json"
mkdir -p "$dir/inputs" "$dir/subs/correct"
for game in "$dir"/refs/*.txt; do
    "$asalto" export --to input "$game" > "$dir/inputs/$(basename "$game" .txt).in"
done
cp tests/fixtures/grade/asalto.py "$dir/subs/correct/asalto.py"
chmod -R a+rX "$dir"

# The grade must give full marks: otherwise the figures compare nothing.
check_grade() {
    local out
    out=$("$asalto" grade --games "$dir/refs" --submissions "$dir/subs" --entry asalto.py \
        --run "$python {entry}" --format csv "$@" | sed -n 2p)
    case "$out" in
        correct,100,100,*) ;;
        *) echo "the correct program did not get full marks ($*): $out" >&2; exit 1 ;;
    esac
}

mkdir -p "$dir/home"
pipes() { # $1: workers
    printf '%s\n' "$dir"/inputs/*.in \
        | xargs -P "$1" -I{} env -i PATH="$PATH" HOME="$dir/home" TMPDIR="$dir/home" \
            LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=dumb PYTHONUNBUFFERED=1 PYTHONIOENCODING=utf-8 \
            PYTHONDONTWRITEBYTECODE=1 PYTHONHASHSEED=0 \
            sh -c "'$python' '$dir/subs/correct/asalto.py' < '{}' > /dev/null"
}
typed() { # one game after another, each line typed at its prompt
    for input in "$dir"/inputs/*.in; do
        env -i PATH="$PATH" HOME="$dir/home" TMPDIR="$dir/home" \
            LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=dumb PYTHONUNBUFFERED=1 PYTHONIOENCODING=utf-8 \
            PYTHONDONTWRITEBYTECODE=1 PYTHONHASHSEED=0 \
            "$typed_input" "$input" "$python" "$dir/subs/correct/asalto.py" > /dev/null
    done
}
grade() { # $1: jobs, $2: sandbox
    "$asalto" grade --games "$dir/refs" --submissions "$dir/subs" --entry asalto.py \
        --run "$python {entry}" --jobs "$1" --sandbox "$2" > /dev/null || true
}

sandboxes=(none)
if "$asalto" grade --games "$dir/refs" --submissions "$dir/subs" --entry asalto.py \
    --run "$python {entry}" --sandbox bwrap --format csv > /dev/null 2>&1; then
    sandboxes=(bwrap none)
fi
for s in "${sandboxes[@]}"; do check_grade --sandbox "$s"; done

names=("pipes-1" "pipes-2" "typed-1")
cmds=("pipes 1" "pipes 2" "typed")
for s in "${sandboxes[@]}"; do
    names+=("grade-$s-1" "grade-$s-2")
    cmds+=("grade 1 $s" "grade 2 $s")
done
declare -A wall cpu
busy=${BUSY:-0}
busy_pids=()
for _ in $(seq "$busy"); do
    sh -c 'while :; do :; done' &
    busy_pids+=("$!")
done
stop_busy() { if [ "${#busy_pids[@]}" -gt 0 ]; then kill "${busy_pids[@]}" 2> /dev/null || true; fi; }
trap 'stop_busy; [ -n "${BENCH_DIR:-}" ] || rm -rf "$dir"' EXIT
echo "grade of a correct Asalto program on $games reference games, $runs alternating rounds ($python), $busy busy loops beside"
echo "start: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
export -f pipes typed grade
export dir python asalto typed_input
for _ in $(seq "$runs"); do
    for i in "${!names[@]}"; do
        # Wall and CPU time (user + system) of the whole tree of processes
        # (the programs are reaped by the grader, or under it).
        /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" bash -c "${cmds[$i]}"
        wall[${names[$i]}]+="$(awk '{print $1}' "$dir/time.txt") "
        cpu[${names[$i]}]+="$(awk '{print $2 + $3}' "$dir/time.txt") "
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
declare -A w c
for name in "${names[@]}"; do
    w[$name]=$(echo "${wall[$name]}" | median)
    c[$name]=$(echo "${cpu[$name]}" | median)
done
ratio() { echo "$1 / $2" | bc -l; }
printf '%-18s %6.2f s   CPU %6.2f s\n' "pipes, 1 at once" "${w[pipes-1]}" "${c[pipes-1]}" \
    "pipes, 2 at once" "${w[pipes-2]}" "${c[pipes-2]}"
printf '%-18s %6.2fx\n' "pipes -1 / -2" "$(ratio "${w[pipes-1]}" "${w[pipes-2]}")"
printf '%-18s %6.2f s   CPU %6.2f s\n' "typed, 1 at once" "${w[typed-1]}" "${c[typed-1]}"
for s in "${sandboxes[@]}"; do
    printf 'grade %-5s -j1     %6.2f s   CPU %6.2f s   %.2fx the pipes (CPU %.2fx; goal: at most 1.2x), %.2fx typed\n' "$s" \
        "${w[grade-$s-1]}" "${c[grade-$s-1]}" "$(ratio "${w[grade-$s-1]}" "${w[pipes-1]}")" \
        "$(ratio "${c[grade-$s-1]}" "${c[pipes-1]}")" "$(ratio "${w[grade-$s-1]}" "${w[typed-1]}")"
    printf 'grade %-5s -j2     %6.2f s   CPU %6.2f s   %.2fx the pipes 2 at once; -j1 / -j2 %.2fx (linear: 2.0)\n' "$s" \
        "${w[grade-$s-2]}" "${c[grade-$s-2]}" "$(ratio "${w[grade-$s-2]}" "${w[pipes-2]}")" \
        "$(ratio "${w[grade-$s-1]}" "${w[grade-$s-2]}")"
done
echo "end: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
