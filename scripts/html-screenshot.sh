#!/usr/bin/env bash
# Screenshots of the HTML pages in headless Chromium, for the README
# (docs/html-replay.png) and to look at what a browser shows:
#
#   scripts/html-screenshot.sh [OUTDIR]     # default: target/html-screenshots
#
# Writes the replay page of samples/apendice-a.txt (opened on move 12),
# the check page of samples/ and samples/invalid/, and their PNGs; with
# OUTDIR `docs`, only docs/html-replay.png is kept. Needs Debian's chromium
# (apt-get install -y chromium) and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/html-screenshots}
mkdir -p "$out"
cargo build --release --quiet
asalto=target/release/asalto
pages=$(mktemp -d)
profile=$(mktemp -d)
trap 'rm -rf "$pages" "$profile"' EXIT
"$asalto" export samples/apendice-a.txt --to html --ply 12 > "$pages/html-replay.html"
"$asalto" check --format html samples/ samples/invalid/ > "$pages/html-check.html" || true
shot() { # PAGE PNG WIDTH HEIGHT
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --hide-scrollbars --force-device-scale-factor=1 \
        --screenshot="$(realpath -m "$2")" --window-size="$3,$4" "file://$1" 2>/dev/null
    echo "$2"
}
shot "$pages/html-replay.html" "$out/html-replay.png" 900 620
if [ "$out" != docs ]; then
    shot "$pages/html-check.html" "$out/html-check.png" 1000 900
    cp "$pages"/*.html "$out/"
fi
