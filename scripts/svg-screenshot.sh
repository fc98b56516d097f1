#!/usr/bin/env bash
# Render `asalto show --format svg` pictures in headless Chromium and save
# PNG screenshots, to look at what a browser shows (not part of CI).
#
#   scripts/svg-screenshot.sh [OUTDIR]        # default: target/svg-screenshots
#
# Needs Debian's chromium (apt-get install -y chromium) and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/svg-screenshots}
mkdir -p "$out"
cargo build --release --quiet
asalto=target/release/asalto
"$asalto" show samples/ejemplo.txt --format svg > "$out/ejemplo.svg"
"$asalto" show samples/apendice-a.txt --format svg > "$out/apendice-a-end.svg"
"$asalto" show samples/apendice-a.txt --ply 0 --format svg > "$out/start.svg"
"$asalto" show samples/end-castle-occupied.txt --format svg > "$out/castle.svg"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
for svg in "$out"/*.svg; do
    png=${svg%.svg}.png
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --hide-scrollbars \
        --screenshot="$(realpath "$png" 2>/dev/null || echo "$PWD/$png")" \
        --window-size=520,620 "file://$(realpath "$svg")" 2>/dev/null
    echo "$png"
done
